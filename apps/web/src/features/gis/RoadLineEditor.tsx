import { ClearOutlined, UndoOutlined } from '@ant-design/icons';
import { type LngLat, lineLength } from '@luxgrid/contracts/gis';
import { Button, Input, Space, Typography } from 'antd';
import type maplibregl from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BaseMap } from '../../shared/map/BaseMap';
import { boundsOf, fromDisplay, setBaseData, toDisplay } from '../../shared/map/basemap';
import { useGisMap } from './useGisMap';

const textOf = (path: readonly LngLat[]) => path.map(([x, y]) => `${x},${y}`).join(';');
const pathOf = (text: string): LngLat[] | null => {
  const points = text
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.split(/[,\s]+/).map(Number));
  return points.every((p) => p.length === 2 && p.every(Number.isFinite)) ? (points as LngLat[]) : null;
};

/**
 * A road's line (WGS-84) drawn on the project's base map: each click adds a point (converted from
 * the tiles' system), the points can be undone or typed; the length shows as it is drawn.
 */
export function RoadLineEditor({
  projectId,
  roadId,
  value,
  onChange,
}: {
  projectId: number;
  /** the road being edited (left out of the other roads drawn beside it) */
  roadId?: number;
  value?: LngLat[];
  onChange?: (path: LngLat[]) => void;
}) {
  const { t } = useTranslation();
  const base = useGisMap(projectId);
  const path = value ?? [];
  const [text, setText] = useState(textOf(path));
  const mapRef = useRef<maplibregl.Map | null>(null);
  const latest = useRef({ path, onChange });
  latest.current = { path, onChange };

  // what is typed follows what is drawn
  useEffect(() => setText(textOf(path)), [path]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !base) return;
    const line = path.map((p) => toDisplay(p, base.crs));
    (map.getSource('editing') as maplibregl.GeoJSONSource | undefined)?.setData({
      type: 'FeatureCollection',
      features: [
        ...(line.length > 1
          ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: line } }]
          : []),
        ...line.map((coordinates) => ({
          type: 'Feature' as const,
          properties: {},
          geometry: { type: 'Point' as const, coordinates },
        })),
      ],
    });
  }, [path, base]);

  if (!base) return <div style={{ height: 320 }} />;
  const ready = (map: maplibregl.Map) => {
    mapRef.current = map;
    setBaseData(map, base.crs, {
      roads: base.roads.filter((r) => r.roadId !== roadId),
      points: base.assets.map((a) => [a.longitude, a.latitude] as LngLat),
      center: base.center,
    });
    map.addSource('editing', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({
      id: 'editing-line',
      type: 'line',
      source: 'editing',
      filter: ['==', ['geometry-type'], 'LineString'],
      paint: { 'line-color': '#ff4d4f', 'line-width': 4 },
    });
    map.addLayer({
      id: 'editing-points',
      type: 'circle',
      source: 'editing',
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-radius': 5,
        'circle-color': '#ffffff',
        'circle-stroke-color': '#ff4d4f',
        'circle-stroke-width': 2,
      },
    });
    const shown = latest.current.path.map((p) => toDisplay(p, base.crs));
    const box = boundsOf(shown);
    if (box) map.fitBounds(box, { padding: 40, maxZoom: 17, duration: 0 });
    map.getCanvas().style.cursor = 'crosshair';
    map.on('click', (event) => {
      const point = fromDisplay([event.lngLat.lng, event.lngLat.lat], base.crs);
      latest.current.onChange?.([...latest.current.path, point]);
    });
    // draw what the form already holds
    latest.current.onChange?.([...latest.current.path]);
  };

  return (
    <div>
      <BaseMap
        tiles={base.tiles}
        crs={base.crs}
        center={base.center}
        zoom={15}
        onReady={ready}
        style={{ height: 320 }}
        testId="road-line-map"
      />
      <Space style={{ marginTop: 8, width: '100%' }} wrap>
        <Button
          size="small"
          icon={<UndoOutlined />}
          disabled={!path.length}
          onClick={() => onChange?.(path.slice(0, -1))}
        >
          {t('gisRoad.undo')}
        </Button>
        <Button size="small" icon={<ClearOutlined />} disabled={!path.length} onClick={() => onChange?.([])}>
          {t('gisRoad.clear')}
        </Button>
        <Typography.Text type="secondary" data-testid="road-line-length">
          {`${t('gisRoad.length')}: ${Math.round(lineLength(path))}`}
        </Typography.Text>
      </Space>
      <Input.TextArea
        style={{ marginTop: 8 }}
        value={text}
        autoSize={{ minRows: 2, maxRows: 4 }}
        placeholder={t('gisRoad.pathHint')}
        onChange={(event) => {
          setText(event.target.value);
          const parsed = pathOf(event.target.value);
          if (parsed) onChange?.(parsed);
        }}
        data-testid="road-line-text"
      />
    </div>
  );
}
