import { describe, expect, it } from 'vitest';
import { generateRoutes } from '../routes';
import { createRouteSearch, ROUTE_SEARCH_OPTIONS, searchPool } from './route-search';
import { sunTimes } from './sun';
import { topMenuVisibleCount } from './top-menu';

describe('route search', () => {
  it('weighs title 0.7 and path 0.3 with threshold 0.4', () => {
    expect(ROUTE_SEARCH_OPTIONS.threshold).toBe(0.4);
    expect(ROUTE_SEARCH_OPTIONS.keys).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ]);
  });

  it('finds pages by title or path, skipping hidden ones', () => {
    const routes = generateRoutes(
      [
        {
          path: '/system',
          component: 'Layout',
          meta: { title: 'System' },
          children: [
            { path: 'config', component: 'system/config/index', meta: { title: 'Parameters' } },
            { path: 'user', component: 'system/user/index', meta: { title: 'Users' } },
            { path: 'hidden', component: 'system/hidden/index', hidden: true, meta: { title: 'Parameters secret' } },
          ],
        },
      ],
      () => true,
    );
    const search = createRouteSearch(searchPool(routes));
    expect(search('Parameters')[0].path).toBe('/web/system/config');
    expect(search('Parameters').some((hit) => hit.path.includes('hidden'))).toBe(false);
    expect(search('web/system/user')[0].path).toBe('/web/system/user');
    expect(search('zzzzqqq')).toEqual([]);
  });
});

describe('top menu', () => {
  it('shows a third of the body width / 85 items, 5 by default', () => {
    expect(topMenuVisibleCount(undefined)).toBe(5);
    expect(topMenuVisibleCount(1920)).toBe(7);
    expect(topMenuVisibleCount(1275)).toBe(5);
  });
});

describe('sunrise and sunset', () => {
  it('falls back to 06:30 / 18:30 without a project or coordinates', () => {
    expect(sunTimes(null)).toEqual({ sunrise: '06:30', sunset: '18:30', computed: false });
    expect(sunTimes({ id: 1, name: 'x', longitude: null, latitude: null })).toMatchObject({ computed: false });
  });

  it('computes Beijing at the June solstice in its own time zone', () => {
    const times = sunTimes(
      { id: 1, name: 'Beijing', longitude: 116.4, latitude: 39.9, ianaTimeZone: 'Asia/Shanghai', timeZone: '+8' },
      new Date('2026-06-21T04:00:00Z'),
    );
    expect(times.computed).toBe(true);
    expect(times.sunrise).toMatch(/^04:4\d$/);
    expect(times.sunset).toMatch(/^19:4\d$/);
  });

  it('uses the numeric offset when no IANA zone is known', () => {
    const times = sunTimes(
      { id: 1, name: 'Quito', longitude: -78.5, latitude: -0.2, timeZone: '-5' },
      new Date('2026-03-20T17:00:00Z'),
    );
    expect(times.sunrise).toMatch(/^06:1\d$/);
    expect(times.sunset).toMatch(/^18:2\d$/);
  });

  it('falls back in polar night', () => {
    expect(
      sunTimes(
        { id: 1, name: 'Longyearbyen', longitude: 15.6, latitude: 78.2, ianaTimeZone: 'Arctic/Longyearbyen' },
        new Date('2026-12-21T12:00:00Z'),
      ),
    ).toMatchObject({ computed: false, sunrise: '06:30' });
  });
});
