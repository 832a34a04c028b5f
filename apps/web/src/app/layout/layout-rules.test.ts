import { describe, expect, it } from 'vitest';
import { generateRoutes } from '../routes';
import { createRouteSearch, ROUTE_SEARCH_OPTIONS, searchPool } from './route-search';
import { projectToday, sunTimesOf, toMinute } from './sun';
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
  const day = (sunrise: string | null, sunset: string | null, polar: 'day' | 'night' | null = null) => ({
    date: '2026-06-21',
    sunrise,
    sunset,
    polar,
    sunriseDayOffset: 0,
    sunsetDayOffset: 0,
  });

  it('falls back to 06:30 / 18:30 before the answer and in polar day or night', () => {
    expect(sunTimesOf(undefined)).toEqual({ sunrise: '06:30', sunset: '18:30', computed: false });
    expect(sunTimesOf(day(null, null, 'night'))).toMatchObject({ computed: false, sunrise: '06:30' });
  });

  it("shows the clock's answer to the minute, rounded as NOAA shows it", () => {
    expect(sunTimesOf(day('04:45:54', '19:46:25'))).toEqual({ sunrise: '04:46', sunset: '19:46', computed: true });
    expect(toMinute('23:59:30')).toBe('00:00');
  });

  it("asks for the project's own day, in its time zone", () => {
    const late = new Date('2026-06-21T20:00:00Z');
    expect(projectToday({ ianaTimeZone: 'Asia/Shanghai' }, late)).toBe('2026-06-22');
    expect(projectToday({ ianaTimeZone: 'America/New_York' }, late)).toBe('2026-06-21');
  });
});
