import { describe, expect, it } from 'vitest';
import { admittedTemplate, DEFAULT_TILE_TEMPLATES, expandSubdomains, tileTemplates } from './basemap.ts';
import { convertCoord, distanceMetres, distanceToLine, fromDisplay, lineLength, toDisplay } from './gis.ts';

/*
 * Reference points: the published GCJ-02 forward transform (Krasovsky 1940 ellipsoid,
 * a = 6378245 m, e² = 0.00669342162296594323) and the BD-09 step on top of it, written out here
 * independently of the library, plus the examples the library's documentation prints.
 */
const A = 6378245.0;
const EE = 0.006693421622965943;
function gcjOffset(lng: number, lat: number): [number, number] {
  const x = lng - 105;
  const y = lat - 35;
  let dLat = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  dLat += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  dLat += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  dLat += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  let dLng = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  dLng += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  dLng += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  dLng += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  const radLat = (lat / 180) * Math.PI;
  const magic = 1 - EE * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  return [
    (dLng * 180) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI),
    (dLat * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI),
  ];
}
const wgsToGcj = ([lng, lat]: [number, number]): [number, number] => {
  const [dx, dy] = gcjOffset(lng, lat);
  return [lng + dx, lat + dy];
};
const gcjToBd = ([x, y]: [number, number]): [number, number] => {
  const X_PI = (Math.PI * 3000) / 180;
  const z = Math.sqrt(x * x + y * y) + 0.00002 * Math.sin(y * X_PI);
  const theta = Math.atan2(y, x) + 0.000003 * Math.cos(x * X_PI);
  return [z * Math.cos(theta) + 0.0065, z * Math.sin(theta) + 0.006];
};

/** Places a lighting operator knows: the platform's default centre, Tiananmen, Shanghai, Shenzhen, Urumqi. */
const PLACES: [string, [number, number]][] = [
  ['default centre (Beijing)', [115.97, 40.46]],
  ['Tiananmen', [116.397428, 39.90923]],
  ['the Bund, Shanghai', [121.490317, 31.241701]],
  ['Shenzhen', [114.057868, 22.543099]],
  ['Urumqi', [87.617733, 43.792818]],
];

const close = (a: [number, number], b: [number, number], digits = 6) => {
  expect(a[0]).toBeCloseTo(b[0], digits);
  expect(a[1]).toBeCloseTo(b[1], digits);
};

describe('coordinate conversion', () => {
  it.each(PLACES)('WGS-84 → GCJ-02 → BD-09 agrees with the published formulas at %s', (_name, wgs) => {
    close(convertCoord(wgs, 'WGS84', 'GCJ02'), wgsToGcj(wgs), 7);
    close(convertCoord(wgs, 'WGS84', 'BD09'), gcjToBd(wgsToGcj(wgs)), 6);
  });

  it('matches the library documentation examples', () => {
    close(convertCoord([116.403988, 39.914266], 'WGS84', 'BD09'), [116.41661560068297, 39.92196580126834], 9);
    close(convertCoord([123, 45], 'GCJ02', 'WGS84'), [122.99395597, 44.99804071], 7);
  });

  it.each(PLACES)('comes back to the stored position within 20 cm (less than a pole base) at %s', (_name, wgs) => {
    for (const crs of ['GCJ02', 'BD09'] as const) {
      const back = convertCoord(convertCoord(wgs, 'WGS84', crs), crs, 'WGS84');
      expect(distanceMetres(back, wgs)).toBeLessThan(0.2);
    }
  });

  it('offsets by the few hundred metres the Chinese systems are known for, and not outside China', () => {
    const gcj = convertCoord([116.397428, 39.90923], 'WGS84', 'GCJ02');
    const shift = distanceMetres(gcj, [116.397428, 39.90923]);
    expect(shift).toBeGreaterThan(300);
    expect(shift).toBeLessThan(800);
    close(convertCoord([2.2945, 48.8584], 'WGS84', 'GCJ02'), [2.2945, 48.8584], 9);
  });

  it('converts by map type: Gaode and Google China in GCJ-02, Baidu in BD-09, Tianditu and Google as stored', () => {
    const p: [number, number] = [115.97, 40.46];
    close(toDisplay(p, 'gaode'), wgsToGcj(p));
    close(toDisplay(p, 'googleChina'), wgsToGcj(p));
    close(toDisplay(p, 'baidu'), gcjToBd(wgsToGcj(p)));
    close(toDisplay(p, 'tianditu'), p, 12);
    close(toDisplay(p, 'google'), p, 12);
    close(fromDisplay(toDisplay(p, 'baidu'), 'baidu'), p, 5);
  });
});

describe('road geometry', () => {
  it('measures a line and the distance of a lamp from it', () => {
    // one degree of latitude is 111.195 km on the mean sphere
    expect(
      lineLength([
        [116, 40],
        [116, 41],
      ]),
    ).toBeCloseTo(111_195, -1);
    expect(lineLength([[116, 40]])).toBe(0);
    // a lamp 0.0001° north of an east-west street stands 11.1 m from it; beyond the end, from the end
    expect(
      distanceToLine(
        [116.005, 40.0001],
        [
          [116, 40],
          [116.01, 40],
        ],
      ),
    ).toBeCloseTo(11.12, 1);
    expect(
      distanceToLine(
        [116.02, 40],
        [
          [116, 40],
          [116.01, 40],
        ],
      ),
    ).toBeCloseTo(distanceMetres([116.02, 40], [116.01, 40]), 0);
  });
});

describe('base map tiles', () => {
  it('expands subdomains, fills the key and keeps only admitted hosts', () => {
    expect(expandSubdomains('https://t{0-3}.example.com/{z}/{x}/{y}')).toEqual(
      [0, 1, 2, 3].map((n) => `https://t${n}.example.com/{z}/{x}/{y}`),
    );
    expect(tileTemplates(DEFAULT_TILE_TEMPLATES.tianditu, '', ['https:'])).toEqual([]);
    const tdt = tileTemplates(DEFAULT_TILE_TEMPLATES.tianditu, 'k+1', ['https://*.tianditu.gov.cn']);
    expect(tdt).toHaveLength(4);
    expect(tdt[0]).toContain('tk=k%2B1');
    expect(tileTemplates(DEFAULT_TILE_TEMPLATES.gaode, '', ['https://webrd01.is.autonavi.com'])).toHaveLength(1);
    expect(tileTemplates(DEFAULT_TILE_TEMPLATES.google, '', [])).toEqual([]);
    expect(tileTemplates(DEFAULT_TILE_TEMPLATES.baidu, '', ['https:'])).toEqual([]);
    expect(admittedTemplate('http://127.0.0.1:9999/{z}/{x}/{y}.png', ['http://127.0.0.1:9999'])).toBe(true);
    expect(admittedTemplate('https://evil.example/{z}', ['https://*.tianditu.gov.cn'])).toBe(false);
  });
});
