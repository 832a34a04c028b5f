import { ReloadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Tooltip, Typography } from 'antd';
import type { FeatureCollection } from 'geojson';
import maplibregl, { type GeoJSONSource, type MapMouseEvent } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bboxOf, graticule, type LngLat, projectOutline } from '../../../features/lighting/geo';
import { useLiveMessages } from '../../../features/lighting/live';
import { NeedProject, useProject, useProjectId } from '../../../features/lighting/project';
import '../../../features/lighting/lighting.css';
import { CoverDrawer } from '../../../features/manhole/CoverDrawer';
import {
  applyLive,
  COVER_STATUSES,
  type CoverRow,
  type CoverStatus,
  coverApi,
  coverStatus,
  STATUS_COLOURS,
} from '../../../features/manhole/model';
import { DEFAULT_MAP_CENTER } from '../../../shared/constants';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const FIT_PADDING = { top: 60, bottom: 40, left: 220, right: 60 };

/** The map style: our own GeoJSON only (no tiles, no fonts), so it works offline. */
function coverStyle(): maplibregl.StyleSpecification {
  const colour = [
    'match',
    ['get', 's'],
    ...COVER_STATUSES.flatMap((status) => [status, STATUS_COLOURS[status]]),
    '#8c8c8c',
  ] as unknown as maplibregl.ExpressionSpecification;
  return {
    version: 8,
    sources: {
      graticule: { type: 'geojson', data: EMPTY },
      outline: { type: 'geojson', data: EMPTY },
      covers: { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#0b1d33' } },
      { id: 'outline-fill', type: 'fill', source: 'outline', paint: { 'fill-color': '#15406b', 'fill-opacity': 0.45 } },
      { id: 'graticule', type: 'line', source: 'graticule', paint: { 'line-color': '#1b3a5c', 'line-width': 0.6 } },
      {
        id: 'covers',
        type: 'circle',
        source: 'covers',
        paint: {
          'circle-color': colour,
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 4, 17, 9],
          'circle-stroke-width': ['match', ['get', 's'], ['open', 'alarm'], 3, 1.5],
          'circle-stroke-color': '#ffffff',
        },
      },
    ],
  };
}

function ManholeMapBody() {
  const { t } = useTranslation();
  const project = useProject()!;
  const projectId = Number(project.id);
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const covers = useRef(new Map<number, CoverRow>());
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [shown, setShown] = useState<CoverStatus[]>(COVER_STATUSES);
  const [counts, setCounts] = useState<Record<CoverStatus, number>>({ open: 0, alarm: 0, online: 0, offline: 0 });
  const [selected, setSelected] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const center: LngLat = [
    Number(project.longitude ?? DEFAULT_MAP_CENTER.longitude) || DEFAULT_MAP_CENTER.longitude,
    Number(project.latitude ?? DEFAULT_MAP_CENTER.latitude) || DEFAULT_MAP_CENTER.latitude,
  ];

  /** Draws every cover in its colour and counts them by state. */
  const draw = useCallback(() => {
    const next: Record<CoverStatus, number> = { open: 0, alarm: 0, online: 0, offline: 0 };
    const features = [];
    for (const cover of covers.current.values()) {
      const status = coverStatus(cover);
      next[status]++;
      if (!shownRef.current.includes(status)) continue;
      features.push({
        type: 'Feature' as const,
        id: cover.deviceId,
        properties: { id: cover.deviceId, s: status },
        geometry: { type: 'Point' as const, coordinates: [cover.longitude!, cover.latitude!] },
      });
    }
    mapRef.current?.getSource<GeoJSONSource>('covers')?.setData({ type: 'FeatureCollection', features });
    setCounts(next);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one map per project (the page is keyed by it)
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({ container: node, style: coverStyle(), center, zoom: 14, attributionControl: false });
    } catch {
      setFailed(true);
      return;
    }
    mapRef.current = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.on('load', () => setReady(true));
    map.on('click', 'covers', (event: MapMouseEvent & { features?: maplibregl.MapGeoJSONFeature[] }) => {
      const id = Number(event.features?.[0]?.properties.id);
      if (id) setSelected(id);
    });
    const popup = new maplibregl.Popup({ closeButton: false, closeOnClick: false, offset: 10 });
    map.on('mouseenter', 'covers', (event: MapMouseEvent & { features?: maplibregl.MapGeoJSONFeature[] }) => {
      map.getCanvas().style.cursor = 'pointer';
      const cover = covers.current.get(Number(event.features?.[0]?.properties.id));
      if (!cover) return;
      const text = document.createElement('div');
      text.style.fontSize = '12px';
      text.textContent = `${cover.name} · ${cover.uid}`;
      popup.setLngLat([cover.longitude!, cover.latitude!]).setDOMContent(text).addTo(map);
    });
    map.on('mouseleave', 'covers', () => {
      map.getCanvas().style.cursor = '';
      popup.remove();
    });
    map.on('error', (event) => {
      if (String(event.error?.message ?? '').includes('WebGL')) setFailed(true);
    });
    return () => {
      map.remove();
      mapRef.current = null;
      setReady(false);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    if (!ready) return;
    let alive = true;
    coverApi
      .map(projectId)
      .then((res) => {
        if (!alive) return;
        covers.current = new Map(res.rows.map((row) => [row.deviceId, row]));
        draw();
        const points = res.rows.map((row) => [row.longitude!, row.latitude!] as LngLat);
        const map = mapRef.current;
        map?.getSource<GeoJSONSource>('outline')?.setData(projectOutline(points, center));
        const box = bboxOf(points);
        map?.getSource<GeoJSONSource>('graticule')?.setData(graticule(box ?? bboxOf([center])));
        if (box)
          map?.fitBounds(
            [
              [box.west, box.south],
              [box.east, box.north],
            ],
            { padding: FIT_PADDING, duration: 0, maxZoom: 17 },
          );
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [ready, version, projectId, draw]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the shown states are read through a ref; a change redraws
  useEffect(() => draw(), [shown, draw]);

  // live: a lid lifted, water rising or a cover gone quiet changes its colour at once
  useLiveMessages(['device.state', 'device.event'], (msg) => {
    if (applyLive(covers.current, msg).length) draw();
  });

  return (
    <div className="lx-page" data-testid="manhole-map-page" style={{ padding: 0 }}>
      <div className="lt-map" data-testid="manhole-map">
        <div ref={container} className="lt-map-canvas" />
        {failed && (
          <div className="lt-map-message" data-testid="map-unsupported">
            {t('ltMap.noWebgl')}
          </div>
        )}
        <div className="lt-map-panel lt-map-legend" data-testid="manhole-map-legend">
          <Typography.Text strong>
            {t('mhMap.legend')}{' '}
            <Tooltip title={t('table.refresh')}>
              <Button
                size="small"
                type="text"
                icon={<ReloadOutlined />}
                onClick={() => setVersion((v) => v + 1)}
                aria-label={t('table.refresh')}
              />
            </Tooltip>
          </Typography.Text>
          {COVER_STATUSES.map((status) => (
            <label key={status} className="lt-map-legend-row">
              <Checkbox
                checked={shown.includes(status)}
                onChange={(event) =>
                  setShown((list) => (event.target.checked ? [...list, status] : list.filter((s) => s !== status)))
                }
              />
              <span className="lt-map-swatch" style={{ background: STATUS_COLOURS[status] }} />
              <span style={{ flex: 1 }}>{t(`mhStatus.${status}`)}</span>
              <b data-testid={`manhole-count-${status}`}>{counts[status]}</b>
            </label>
          ))}
        </div>
      </div>
      <CoverDrawer coverId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}

/** The covers on the project's map (manhole/map), coloured by their live state; a click opens the cover. */
export function ManholeMapPage() {
  return (
    <NeedProject testId="manhole-map-page">
      <ManholeMapBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
