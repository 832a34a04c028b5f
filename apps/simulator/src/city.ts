/**
 * A seeded, realistic city layout: boxes with a concentrator, a switch module, a meter and two
 * branches, poles along streets; each box stands at a cabinet site and feeds one stretch of a street.
 * Manhole covers lie in the carriageway between the poles: one per ten lamps, at least twenty.
 */

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SimLamp {
  rtuUid: string;
  poleUid: string;
  heads: string[];
  branchUid: string;
  lng: number;
  lat: number;
}

export interface SimBox {
  uid: string;
  /** the street its lamps light: avenues run east–west, roads north–south */
  street: string;
  /** lamps near a school (every seventh box) */
  school: boolean;
  ccuUid: string;
  moduleUid: string;
  meterUid: string;
  branches: string[];
  lng: number;
  lat: number;
  lamps: SimLamp[];
  sensorUid: string | null;
}

/** A manhole cover with its own NB-IoT sensor, in the street beside a pole. */
export interface SimCover {
  uid: string;
  name: string;
  street: string;
  lng: number;
  lat: number;
}

export interface City {
  prefix: string;
  boxes: SimBox[];
  lampCount: number;
  covers: SimCover[];
}

const LAMPS_PER_COVER = 10;
const MIN_COVERS = 20;

const LAMPS_PER_BOX = 60;
const SPACING_M = 35;
const M_PER_DEG_LAT = 111_320;

/** Streets run east–west and north–south on a grid around the centre; each box feeds the lamps of one street stretch. */
export function buildCity(opts: { seed: number; lamps: number; lng: number; lat: number; prefix?: string }): City {
  const random = rng(opts.seed);
  const prefix = opts.prefix ?? `SIM${opts.seed}`;
  const mPerDegLng = M_PER_DEG_LAT * Math.cos((opts.lat * Math.PI) / 180);
  const boxCount = Math.max(1, Math.ceil(opts.lamps / LAMPS_PER_BOX));
  const streets = Math.max(2, Math.ceil(Math.sqrt(boxCount)));
  const boxes: SimBox[] = [];
  let made = 0;
  for (let b = 0; b < boxCount; b++) {
    const id = String(b + 1).padStart(4, '0');
    const eastWest = b % 2 === 0;
    const street = Math.floor(b / 2) % streets;
    const stretch = Math.floor(b / (2 * streets));
    // streets 400 m apart; a stretch is as long as its lamps
    const offsetAcross = (street - streets / 2) * 400;
    const offsetAlong = (stretch - 1) * LAMPS_PER_BOX * SPACING_M;
    const toLngLat = (along: number, across: number) => {
      const x = eastWest ? along : across;
      const y = eastWest ? across : along;
      return { lng: opts.lng + x / mPerDegLng, lat: opts.lat + y / M_PER_DEG_LAT };
    };
    const here = toLngLat(offsetAlong, offsetAcross + 15);
    const box: SimBox = {
      uid: `${prefix}-BOX-${id}`,
      street: `${eastWest ? 'Avenue' : 'Road'} ${street + 1}`,
      school: b % 7 === 3,
      ccuUid: `${prefix}-CCU-${id}`,
      moduleUid: `${prefix}-DIO-${id}`,
      meterUid: `${prefix}-MTR-${id}`,
      branches: [`${prefix}-BR-${id}-A`, `${prefix}-BR-${id}-B`],
      lng: here.lng,
      lat: here.lat,
      lamps: [],
      sensorUid: b % 10 === 0 ? `${prefix}-LUX-${id}` : null,
    };
    const count = Math.min(LAMPS_PER_BOX, opts.lamps - made);
    for (let i = 0; i < count; i++) {
      const side = i % 2 === 0 ? -12 : 12;
      const pos = toLngLat(offsetAlong + i * SPACING_M + (random() - 0.5) * 2, offsetAcross + side);
      const rtuUid = `${prefix}-RTU-${id}-${String(i + 1).padStart(3, '0')}`;
      const heads = random() < 0.25 ? [`${rtuUid}-L1`, `${rtuUid}-L2`] : [`${rtuUid}-L1`];
      box.lamps.push({
        rtuUid,
        poleUid: `${prefix}-POLE-${id}-${String(i + 1).padStart(3, '0')}`,
        heads,
        branchUid: box.branches[i % 2]!,
        lng: Math.round(pos.lng * 1e7) / 1e7,
        lat: Math.round(pos.lat * 1e7) / 1e7,
      });
    }
    made += count;
    boxes.push(box);
  }
  const lamps = boxes.flatMap((box) => box.lamps.map((lamp) => ({ box, lamp })));
  const coverCount = lamps.length ? Math.max(MIN_COVERS, Math.ceil(lamps.length / LAMPS_PER_COVER)) : 0;
  const covers: SimCover[] = [];
  for (let i = 0; i < coverCount; i++) {
    // evenly along the lamps, a few metres from the pole towards the middle of the road
    const { box, lamp } = lamps[Math.floor((i * lamps.length) / coverCount)]!;
    const id = String(i + 1).padStart(4, '0');
    const shift = 6 + random() * 4;
    covers.push({
      uid: `${prefix}-MH-${id}`,
      name: `${box.street} cover ${id}`,
      street: box.street,
      lng: Math.round((lamp.lng + shift / mPerDegLng) * 1e7) / 1e7,
      lat: Math.round((lamp.lat + shift / M_PER_DEG_LAT) * 1e7) / 1e7,
    });
  }
  return { prefix, boxes, lampCount: made, covers };
}
