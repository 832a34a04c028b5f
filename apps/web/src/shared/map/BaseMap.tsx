import { Alert, Tag } from 'antd';
import maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseMapStyle, type CoordSystem, type LngLat, toDisplay, watchTiles } from './basemap';

export interface BaseMapProps {
  /** tile URLs answered by the server for the project's map type (empty: the offline base map) */
  tiles: readonly string[];
  /** the system the tiles are drawn in */
  crs: CoordSystem;
  /** WGS-84 */
  center: LngLat;
  zoom?: number;
  /** the map once its style is loaded: add sources and layers, fill the base data */
  onReady: (map: maplibregl.Map) => void;
  style?: CSSProperties;
  testId?: string;
  /** drawn over the map's top-left corner (a legend, tools) */
  children?: ReactNode;
}

/**
 * A MapLibre map on the shared base map: the project's street tiles over the offline base map,
 * which shows alone (and says so) when the tiles are not configured or cannot be reached.
 */
export function BaseMap({ tiles, crs, center, zoom = 14, onReady, style, testId, children }: BaseMapProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [offline, setOffline] = useState(!tiles.length);
  const [failed, setFailed] = useState(false);
  const ready = useRef(onReady);
  ready.current = onReady;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one map per base map (callers key the component by project)
  useEffect(() => {
    if (!box.current) return;
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container: box.current,
        style: baseMapStyle(tiles),
        center: toDisplay(center, crs),
        zoom,
        attributionControl: false,
      });
    } catch {
      setFailed(true);
      return;
    }
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
    watchTiles(map, () => setOffline(true));
    map.on('load', () => ready.current(map));
    return () => map.remove();
  }, [tiles.join('|'), crs]);

  if (failed) return <Alert type="warning" showIcon title={t('gisMap.noWebgl')} />;
  return (
    <div style={{ position: 'relative', minHeight: 360, ...style }} data-testid={testId}>
      <div ref={box} style={{ position: 'absolute', inset: 0 }} />
      <div
        style={{ position: 'absolute', left: 8, top: 8, zIndex: 2, display: 'flex', gap: 8, flexDirection: 'column' }}
      >
        {children}
      </div>
      {offline && (
        <Tag color="blue" style={{ position: 'absolute', right: 48, top: 8, zIndex: 2 }} data-testid="offline-base-map">
          {t('gisMap.offline')}
        </Tag>
      )}
    </div>
  );
}
