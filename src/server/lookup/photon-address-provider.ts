import { canadianProvinces, usStates } from '../../engine/data/regions';
import type { AddressProvider } from './address-provider';
import { countryAlpha3 } from './country-codes';
import { MAX_LOOKUP_ID_LENGTH, type LookupItem, type LookupRecord } from '../../contract/lookup';
import { clean } from './search-text';

export interface PhotonOptions {
  /** The Photon server, e.g. http://photon.internal:2322 (ADDRESS_LOOKUP_URL). */
  url: string;
  /** An address lookup answers while the user types, or not at all. */
  timeoutMs?: number;
  /** Told of every failed call (the caller logs it); the user just gets no suggestions. */
  onError?: (error: unknown) => void;
}

/** The properties of a Photon GeoJSON feature that make an address. */
interface PhotonProperties {
  name?: unknown;
  housenumber?: unknown;
  street?: unknown;
  city?: unknown;
  state?: unknown;
  postcode?: unknown;
  countrycode?: unknown;
  type?: unknown;
}

type Address = [line1: string, city: string, state: string, zip: string, country: string];

const regionCodes = new Map<string, Map<string, string>>([
  ['USA', new Map(usStates.map(([code, name]) => [name.toLowerCase(), code]))],
  ['CAN', new Map(canadianProvinces.map(([code, name]) => [name.toLowerCase(), code]))],
]);

const FIELD_LENGTH = 100;

/**
 * Addresses from a Photon geocoder (https://github.com/komoot/photon), self-hosted on
 * OpenStreetMap data: GET {url}/api?q=…&limit=…&lang=en answers a GeoJSON FeatureCollection.
 * Photon has no lookup by id, so a suggestion's id carries its address itself (base64url JSON)
 * and detail() decodes it without a second call; an id made up by a client only fills in what
 * its user could have typed.
 */
export class PhotonAddressProvider implements AddressProvider {
  private readonly endpoint: URL;
  private readonly timeoutMs: number;

  constructor(private readonly options: PhotonOptions) {
    this.endpoint = new URL('api', options.url.endsWith('/') ? options.url : `${options.url}/`);
    this.timeoutMs = options.timeoutMs ?? 2000;
  }

  async search(query: string, maxResults: number): Promise<LookupItem[]> {
    const url = new URL(this.endpoint);
    url.searchParams.set('q', query);
    url.searchParams.set('limit', String(maxResults));
    url.searchParams.set('lang', 'en');
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) throw new Error(`Photon answered ${response.status}`);
      const body: unknown = await response.json();
      const features = (body as { features?: unknown } | null)?.features;
      if (!Array.isArray(features)) throw new Error('Photon answered no FeatureCollection');
      return features
        .map((feature: unknown) =>
          toItem((feature as { properties?: PhotonProperties })?.properties),
        )
        .filter((item): item is LookupItem => item !== undefined)
        .slice(0, maxResults);
    } catch (error) {
      this.options.onError?.(error);
      return [];
    }
  }

  async detail(id: string): Promise<LookupRecord | undefined> {
    const address = decode(id);
    if (!address) return undefined;
    const [line1, city, state, zip, country] = address;
    return { id, name: line1 || city, ceeb: '', address_line_1: line1, city, state, zip, country };
  }
}

/** Photon feature types that are areas, not addresses: they give a city at most. */
const areaTypes = new Set(['city', 'district', 'locality', 'county', 'state', 'country']);

function toItem(properties: PhotonProperties | undefined): LookupItem | undefined {
  if (!properties || typeof properties !== 'object') return undefined;
  const text = (value: unknown) =>
    clean(typeof value === 'string' ? value : '').slice(0, FIELD_LENGTH);
  const name = text(properties.name);
  const street = [text(properties.housenumber), text(properties.street)].filter(Boolean).join(' ');
  const isArea = typeof properties.type === 'string' && areaTypes.has(properties.type);
  const country = countryAlpha3(text(properties.countrycode));
  const stateName = text(properties.state);
  const address: Address = [
    street || (isArea ? '' : name),
    text(properties.city) || (properties.type === 'city' ? name : ''),
    regionCodes.get(country)?.get(stateName.toLowerCase()) ?? stateName,
    text(properties.postcode),
    country,
  ];
  const [line1, city, state, zip] = address;
  // A named place with a street address (a school, an office) shows both.
  const label = name && street && name !== street ? `${name}, ${street}` : line1 || name || city;
  const id = Buffer.from(JSON.stringify(address)).toString('base64url');
  if (!label || id.length > MAX_LOOKUP_ID_LENGTH) return undefined;
  const place = [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { text: label, id, sub_text: [place, country].filter(Boolean).join(' · ') };
}

function decode(id: string): Address | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(id, 'base64url').toString('utf8'));
    const valid =
      Array.isArray(value) &&
      value.length === 5 &&
      value.every((v) => typeof v === 'string' && v.length <= FIELD_LENGTH);
    return valid ? (value as Address) : undefined;
  } catch {
    return undefined;
  }
}
