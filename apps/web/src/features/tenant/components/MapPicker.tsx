import { AimOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { Map as MapLibreMap, Marker, StyleSpecification } from 'maplibre-gl';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAP_CENTER } from '../../../shared/constants';
import { fineStep, graticule, graticuleIn, isValidPoint, type LngLat, normalise, project, unproject } from '../geo';
import 'maplibre-gl/dist/maplibre-gl.css';

/**
 * Raster tiles behind the picker, e.g. 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
 * (VITE_MAP_TILE_URL at build time). Empty by default: no tile server is reachable from the
 * installations this ships to, so the picker draws its own graticule and works offline.
 */
export const MAP_TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL ?? '';
export const MAP_TILE_ATTRIBUTION: string = import.meta.env.VITE_MAP_TILE_ATTRIBUTION ?? '© OpenStreetMap contributors';

const BACKGROUND = '#eaf2f8';

/** A MapLibre style made only of data built here (plus the optional raster source). */
export function offlineStyle(tileUrl: string): StyleSpecification {
  const style: StyleSpecification = {
    version: 8,
    sources: {
      major: { type: 'geojson', data: graticule(10) as never },
      minor: { type: 'geojson', data: graticule(1) as never },
      /** 0.1° / 0.01° / 0.001° lines around the view, rebuilt as the map moves */
      fine: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': BACKGROUND } }],
  };
  if (tileUrl) {
    style.sources.tiles = {
      type: 'raster',
      tiles: [tileUrl],
      tileSize: 256,
      attribution: MAP_TILE_ATTRIBUTION,
      maxzoom: 19,
    };
    style.layers.push({ id: 'tiles', type: 'raster', source: 'tiles' });
  }
  style.layers.push(
    {
      id: 'fine',
      type: 'line',
      source: 'fine',
      minzoom: 7,
      paint: { 'line-color': '#c3d3e0', 'line-width': 0.5, 'line-opacity': tileUrl ? 0.3 : 0.9 },
    },
    {
      id: 'minor',
      type: 'line',
      source: 'minor',
      minzoom: 4,
      paint: { 'line-color': '#9fb7cc', 'line-width': 0.5, 'line-opacity': tileUrl ? 0.4 : 0.8 },
    },
    {
      id: 'major',
      type: 'line',
      source: 'major',
      paint: { 'line-color': '#6f8fa8', 'line-width': 1, 'line-opacity': tileUrl ? 0.5 : 1 },
    },
    {
      id: 'axes',
      type: 'line',
      source: 'major',
      filter: ['in', ['get', 'kind'], ['literal', ['equator', 'primeMeridian']]],
      paint: { 'line-color': '#c0392b', 'line-width': 1.5 },
    },
  );
  return style;
}

interface MapPickerProps {
  value: Partial<LngLat> | null | undefined;
  onChange: (point: LngLat) => void;
  height?: number;
  tileUrl?: string;
  readOnly?: boolean;
  /** the caption in the lower left, instead of the picker's own */
  hint?: string;
}

/**
 * Click (or drag the marker) to place a point; the point follows the coordinate inputs. Draws
 * with MapLibre (WebGL); without WebGL it falls back to a flat SVG picker that works the same way.
 */
export function MapPicker({
  value,
  onChange,
  height = 320,
  tileUrl = MAP_TILE_URL,
  readOnly = false,
  hint,
}: MapPickerProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const [mode, setMode] = useState<'loading' | 'webgl' | 'flat'>('loading');
  const point = useMemo<LngLat | null>(
    () => (isValidPoint(value?.longitude, value?.latitude) ? (value as LngLat) : null),
    [value],
  );
  const latest = useRef({ point, onChange, readOnly });
  latest.current = { point, onChange, readOnly };

  useEffect(() => {
    let cancelled = false;
    let resizer: ResizeObserver | null = null;
    const start = latest.current.point ?? DEFAULT_MAP_CENTER;
    import('maplibre-gl')
      .then((lib) => {
        if (cancelled || !box.current) return;
        let instance: MapLibreMap;
        try {
          instance = new lib.Map({
            container: box.current,
            style: offlineStyle(tileUrl),
            center: [start.longitude, start.latitude],
            zoom: latest.current.point ? 9 : 4,
            attributionControl: tileUrl ? { compact: true } : false,
            dragRotate: false,
            pitchWithRotate: false,
          });
        } catch {
          setMode('flat');
          return;
        }
        instance.addControl(new lib.NavigationControl({ showCompass: false }), 'top-right');
        instance.addControl(new lib.ScaleControl({ unit: 'metric' }), 'bottom-right');
        const refine = () => {
          const step = fineStep(instance.getZoom());
          const source = instance.getSource('fine') as { setData?: (data: unknown) => void } | undefined;
          if (!source?.setData) return;
          const b = instance.getBounds();
          source.setData(
            step
              ? graticuleIn({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, step)
              : { type: 'FeatureCollection', features: [] },
          );
        };
        instance.on('load', refine);
        instance.on('moveend', refine);
        instance.touchZoomRotate.disableRotation();
        const pin = new lib.Marker({ color: '#409EFF', draggable: !latest.current.readOnly });
        pin.on('dragend', () => {
          const { lng, lat } = pin.getLngLat();
          latest.current.onChange(normalise({ longitude: lng, latitude: lat }));
        });
        if (latest.current.point)
          pin.setLngLat([latest.current.point.longitude, latest.current.point.latitude]).addTo(instance);
        instance.on('click', (event) => {
          if (latest.current.readOnly) return;
          latest.current.onChange(normalise({ longitude: event.lngLat.lng, latitude: event.lngLat.lat }));
        });
        map.current = instance;
        marker.current = pin;
        // dialogs open with an animation: follow the box's real size
        if (typeof ResizeObserver !== 'undefined' && box.current) {
          resizer = new ResizeObserver(() => instance.resize());
          resizer.observe(box.current);
        }
        setMode('webgl');
      })
      .catch(() => {
        if (!cancelled) setMode('flat');
      });
    return () => {
      cancelled = true;
      resizer?.disconnect();
      marker.current?.remove();
      map.current?.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tileUrl]);

  // the marker follows the inputs; the view follows the marker when it leaves the screen
  // biome-ignore lint/correctness/useExhaustiveDependencies: `mode` turns 'webgl' when the map is ready to take the marker
  useEffect(() => {
    const instance = map.current;
    const pin = marker.current;
    if (!instance || !pin) return;
    if (!point) {
      pin.remove();
      return;
    }
    pin.setLngLat([point.longitude, point.latitude]);
    if (!pin.getElement().isConnected) pin.addTo(instance);
    if (!instance.getBounds().contains([point.longitude, point.latitude]))
      instance.easeTo({ center: [point.longitude, point.latitude], duration: 0 });
  }, [point, mode]);

  const centre = () => {
    const target = point ?? DEFAULT_MAP_CENTER;
    map.current?.easeTo({ center: [target.longitude, target.latitude], zoom: Math.max(map.current.getZoom(), 9) });
  };

  return (
    <div
      style={{ position: 'relative', height, borderRadius: 6, overflow: 'hidden', border: '1px solid #d9d9d9' }}
      data-testid="map-picker"
      data-map-mode={mode}
    >
      {mode === 'flat' ? (
        <FlatPicker point={point} onPick={readOnly ? undefined : onChange} />
      ) : (
        <div
          ref={box}
          style={{ position: 'absolute', inset: 0, background: BACKGROUND }}
          role="application"
          aria-label={t('mapPicker.ariaLabel')}
        />
      )}
      {mode === 'webgl' && (
        <Tooltip title={t('mapPicker.centre')}>
          <Button
            size="small"
            icon={<AimOutlined />}
            aria-label={t('mapPicker.centre')}
            onClick={centre}
            style={{ position: 'absolute', left: 8, top: 8, zIndex: 2 }}
          />
        </Tooltip>
      )}
      <div
        style={{
          position: 'absolute',
          left: 8,
          bottom: 8,
          zIndex: 2,
          background: 'rgba(255,255,255,0.85)',
          padding: '2px 8px',
          borderRadius: 4,
          fontSize: 12,
          pointerEvents: 'none',
        }}
      >
        {hint ?? (readOnly ? t('mapPicker.readOnlyHint') : t('mapPicker.hint'))}
      </div>
    </div>
  );
}

const FLAT_W = 720;
const FLAT_H = 360;

/** The same picker on a flat equirectangular grid (no WebGL). Arrow keys move the point by 0.1°. */
function FlatPicker({ point, onPick }: { point: LngLat | null; onPick?: (point: LngLat) => void }) {
  const { t } = useTranslation();
  const lines = useMemo(() => {
    const items: { key: string; x1: number; y1: number; x2: number; y2: number; axis: boolean }[] = [];
    for (let lng = -180; lng <= 180; lng += 15) {
      const x = project({ longitude: lng, latitude: 0 }, FLAT_W, FLAT_H).x;
      items.push({ key: `m${lng}`, x1: x, y1: 0, x2: x, y2: FLAT_H, axis: lng === 0 });
    }
    for (let lat = -75; lat <= 75; lat += 15) {
      const y = project({ longitude: 0, latitude: lat }, FLAT_W, FLAT_H).y;
      items.push({ key: `p${lat}`, x1: 0, y1: y, x2: FLAT_W, y2: y, axis: lat === 0 });
    }
    return items;
  }, []);
  const at = point ? project(point, FLAT_W, FLAT_H) : null;
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (!onPick) return;
    const base = point ?? DEFAULT_MAP_CENTER;
    const step = event.shiftKey ? 1 : 0.1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onPick(normalise({ longitude: base.longitude + move[0], latitude: base.latitude + move[1] }));
  };
  return (
    <svg
      viewBox={`0 0 ${FLAT_W} ${FLAT_H}`}
      preserveAspectRatio="none"
      style={{ width: '100%', height: '100%', background: BACKGROUND, cursor: onPick ? 'crosshair' : 'default' }}
      role="application"
      aria-label={t('mapPicker.ariaLabel')}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (!onPick) return;
        const rect = event.currentTarget.getBoundingClientRect();
        onPick(
          unproject(
            ((event.clientX - rect.left) / rect.width) * FLAT_W,
            ((event.clientY - rect.top) / rect.height) * FLAT_H,
            FLAT_W,
            FLAT_H,
          ),
        );
      }}
      data-testid="map-flat"
    >
      {lines.map((line) => (
        <line
          key={line.key}
          x1={line.x1}
          y1={line.y1}
          x2={line.x2}
          y2={line.y2}
          stroke={line.axis ? '#c0392b' : '#6f8fa8'}
          strokeWidth={line.axis ? 1.5 : 0.7}
        />
      ))}
      {at && (
        <g data-testid="map-flat-marker">
          <circle cx={at.x} cy={at.y} r={7} fill="#409EFF" stroke="#fff" strokeWidth={2} />
        </g>
      )}
    </svg>
  );
}
