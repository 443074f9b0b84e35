import type { LookupItem, LookupRecord } from '../../contract/lookup';

/**
 * Where the address category looks addresses up. A provider never throws: a failure is an empty
 * list or no record, so the address block falls back to manual entry (SPEC §8).
 */
export interface AddressProvider {
  search(query: string, maxResults: number): Promise<LookupItem[]>;
  detail(id: string): Promise<LookupRecord | undefined>;
}

/** No provider configured: nothing is suggested, and the address block offers manual entry. */
export class NoAddressProvider implements AddressProvider {
  async search(): Promise<LookupItem[]> {
    return [];
  }

  async detail(): Promise<LookupRecord | undefined> {
    return undefined;
  }
}
