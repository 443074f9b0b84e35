import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PhotonAddressProvider } from '../../../src/server/lookup/photon-address-provider';
import { createTestApp, databases, fixtureForms, type TestApp } from '../helpers/test-app';

/** Photon's answer for "1600 penn", trimmed to the properties it documents. */
const featureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-77.0365, 38.8977] },
      properties: {
        osm_id: 238241022,
        osm_type: 'W',
        osm_key: 'building',
        osm_value: 'house',
        type: 'house',
        housenumber: '1600',
        street: 'Pennsylvania Avenue Northwest',
        city: 'Washington',
        state: 'District of Columbia',
        postcode: '20500',
        country: 'United States',
        countrycode: 'US',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-79.38, 43.65] },
      properties: {
        osm_id: 1,
        type: 'house',
        name: 'Central Technical School',
        housenumber: '725',
        street: 'Bathurst Street',
        city: 'Toronto',
        state: 'Ontario',
        postcode: 'M5S 2R5',
        countrycode: 'CA',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [2.35, 48.85] },
      properties: {
        osm_id: 7444,
        type: 'city',
        name: 'Paris',
        state: 'Ile-de-France',
        countrycode: 'FR',
      },
    },
    { type: 'Feature', properties: {} },
    { type: 'Feature' },
  ],
};

type Behaviour = 'ok' | 'error' | 'not-json' | 'not-geojson' | 'hang';

/** A stand-in Photon on 127.0.0.1 that records what it was asked. */
class StubPhoton {
  behaviour: Behaviour = 'ok';
  readonly requests: URL[] = [];
  private server: Server | undefined;
  private readonly hanging: ServerResponse[] = [];

  async start(): Promise<string> {
    this.server = createServer((request: IncomingMessage, response: ServerResponse) => {
      this.requests.push(new URL(request.url ?? '/', 'http://stub'));
      const json = (status: number, body: string) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(body);
      if (this.behaviour === 'hang') return void this.hanging.push(response);
      if (this.behaviour === 'error') return json(500, '{"message":"boom"}');
      if (this.behaviour === 'not-json') return json(200, '<html>');
      if (this.behaviour === 'not-geojson') return json(200, '{"type":"Nothing"}');
      json(200, JSON.stringify(featureCollection));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const whiteHouse = {
  id: expect.any(String),
  text: '1600 Pennsylvania Avenue Northwest',
  sub_text: 'Washington, DC 20500 · USA',
};

describe('PhotonAddressProvider', () => {
  const stub = new StubPhoton();
  let url: string;
  const errors: unknown[] = [];
  let photon: PhotonAddressProvider;
  beforeAll(async () => {
    url = await stub.start();
  });
  afterAll(async () => {
    await stub.stop();
  });
  beforeEach(() => {
    stub.behaviour = 'ok';
    errors.length = 0;
    photon = new PhotonAddressProvider({ url, timeoutMs: 200, onError: (e) => errors.push(e) });
  });

  it('asks GET {url}/api with the query, the limit and English names', async () => {
    await photon.search('1600 penn & co?', 3);
    const asked = stub.requests.at(-1);
    expect(asked?.pathname).toBe('/api');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({
      q: '1600 penn & co?',
      limit: '3',
      lang: 'en',
    });
  });

  it('maps features to suggestions, skipping those with nothing to show', async () => {
    expect(await photon.search('1600 penn', 5)).toEqual([
      whiteHouse,
      {
        id: expect.any(String),
        text: 'Central Technical School, 725 Bathurst Street',
        sub_text: 'Toronto, ON M5S 2R5 · CAN',
      },
      { id: expect.any(String), text: 'Paris', sub_text: 'Paris, Ile-de-France · FRA' },
    ]);
    expect(await photon.search('1600 penn', 1)).toEqual([whiteHouse]);
  });

  it("gives the chosen suggestion's address, with state and country codes", async () => {
    const [house, school, city] = await photon.search('1600 penn', 5);
    expect(await photon.detail(house?.id ?? '')).toEqual({
      id: house?.id,
      name: '1600 Pennsylvania Avenue Northwest',
      ceeb: '',
      address_line_1: '1600 Pennsylvania Avenue Northwest',
      city: 'Washington',
      state: 'DC',
      zip: '20500',
      country: 'USA',
    });
    expect(await photon.detail(school?.id ?? '')).toMatchObject({
      address_line_1: '725 Bathurst Street',
      city: 'Toronto',
      state: 'ON',
      zip: 'M5S 2R5',
      country: 'CAN',
    });
    expect(await photon.detail(city?.id ?? '')).toMatchObject({
      name: 'Paris',
      address_line_1: '',
      city: 'Paris',
      state: 'Ile-de-France',
      country: 'FRA',
    });
  });

  it('finds no record for an id it did not make', async () => {
    for (const id of ['', 'abc', Buffer.from('{"a":1}').toString('base64url')]) {
      expect(await photon.detail(id)).toBeUndefined();
    }
  });

  it.each(['error', 'not-json', 'not-geojson', 'hang'] as const)(
    'answers an empty list, and reports why, when Photon gives %s',
    async (behaviour) => {
      stub.behaviour = behaviour;
      expect(await photon.search('1600 penn', 5)).toEqual([]);
      expect(errors).toHaveLength(1);
    },
  );

  it('answers an empty list when nothing listens at the address', async () => {
    const nobody = new PhotonAddressProvider({ url: 'http://127.0.0.1:9', timeoutMs: 500 });
    expect(await nobody.search('1600 penn', 5)).toEqual([]);
  });
});

describe.each(databases)('GET /lookup/find?category=address with Photon on $name', ({ url }) => {
  const stub = new StubPhoton();
  let t: TestApp;
  beforeAll(async () => {
    const photonUrl = await stub.start();
    t = await createTestApp(url, { ADDRESS_LOOKUP_URL: `${photonUrl}/` }, fixtureForms);
  });
  afterAll(async () => {
    await t.close();
    await stub.stop();
  });

  const find = (query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/lookup/find', query });

  it('suggests addresses and gives the chosen one', async () => {
    stub.behaviour = 'ok';
    const search = await find({ category: 'address', query: '1600 penn', max_results: '1' });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toEqual([whiteHouse]);
    expect(stub.requests.at(-1)?.searchParams.get('limit')).toBe('1');

    const detail = await find({ category: 'address', id: search.json()[0].id });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ address_line_1: '1600 Pennsylvania Avenue Northwest' });
  });

  it('answers 200 with an empty list when Photon fails, never a server error', async () => {
    stub.behaviour = 'error';
    const response = await find({ category: 'address', query: '1600 penn' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
