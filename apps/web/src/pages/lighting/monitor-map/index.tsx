import { AimOutlined, ApartmentOutlined, ReloadOutlined } from '@ant-design/icons';
import { MAP_STATE_COLOURS, MAP_STATES, type MapSummary, mapDim, mapState } from '@luxgrid/contracts/map';
import { Button, Checkbox, Progress, Space, Tooltip, Typography } from 'antd';
import type { Feature, FeatureCollection, Point } from 'geojson';
import maplibregl, { type GeoJSONSource, type MapMouseEvent } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceDrawer } from '../../../features/lighting/DeviceDrawer';
import { DeviceSelect } from '../../../features/lighting/DeviceSelect';
import { DeviceTree } from '../../../features/lighting/DeviceTree';
import {
  bboxOf,
  type DeviceStatus,
  deviceStatus,
  graticule,
  isFaultEvent,
  type LngLat,
  padBBox,
  projectOutline,
  STATUS_COLOURS,
} from '../../../features/lighting/geo';
import { useLiveMessages } from '../../../features/lighting/live';
import { degradeStreet, streetBackground } from '../../../features/lighting/map-layers';
import { NeedProject, useProject, useProjectId } from '../../../features/lighting/project';
import type { DeviceRow, DeviceType } from '../../../features/lighting/types';
import '../../../features/lighting/lighting.css';
import { DEFAULT_MAP_CENTER, Z_INDEX_BASE } from '../../../shared/constants';
import { dictLabel } from '../../../shared/DictTag';
import { useDict } from '../../../shared/dict';
import { type DataEnvelope, http, type TableEnvelope } from '../../../shared/request';

const PAGE = 500;
const MAP_TYPES: DeviceType[] = ['BOX', 'CCU', 'RTU', 'LUXOMETER', 'POLE'];
const DEFAULT_TYPES: DeviceType[] = ['BOX', 'CCU', 'RTU', 'LUXOMETER'];
const STATUSES: DeviceStatus[] = ['online', 'offline', 'fault', 'init'];
/** How often live changes are written into the map source (one worker pass for many pushes). */
const FLUSH_MS = 1500;
const MAX_CLUSTER_LABELS = 400;
/**
 * Floating views over the map (spec §4): they start at z-index 1000; with both open the device
 * tree sits at 1003 above the device filter at 1002.
 */
const Z_FILTER = Z_INDEX_BASE + 2;
const Z_TREE = Z_INDEX_BASE + 3;
/** Room for the filter bar above and the legend at the lower left. */
const FIT_PADDING = { top: 90, bottom: 40, left: 230, right: 60 };

interface MapDevice {
  id: number;
  uid: string;
  name: string;
  type: DeviceType;
  lngLat: LngLat;
  commState: string;
  values: Record<string, unknown>;
  event?: string;
  /** faulty now: the stored fault state on load, then live fault and recovery events */
  fault: boolean;
  status: DeviceStatus;
}

interface MapFilter {
  types: DeviceType[];
  statuses: DeviceStatus[];
}

const isVisible = (device: MapDevice, filter: MapFilter) =>
  filter.types.includes(device.type) && filter.statuses.includes(device.status);

function toFeature(device: MapDevice): Feature<Point> {
  return {
    type: 'Feature',
    id: device.id,
    properties: { id: device.id, s: device.status, t: device.type, n: device.name, ...lit(device) },
    geometry: { type: 'Point', coordinates: device.lngLat },
  };
}

/** How a lamp shines (map state index `l` and dim level `d`), shared with the map screen's rules. */
function lit(device: MapDevice) {
  const state = mapState(device.type, device.commState, device.values, device.status === 'fault');
  return { l: MAP_STATES.indexOf(state), d: mapDim(state, device.values) };
}

/** Online lamps show whether they are lit, dimmed or off; everything else its online state. */
const LIT: maplibregl.ExpressionSpecification = [
  'match',
  ['get', 'l'],
  MAP_STATES.indexOf('on'),
  MAP_STATE_COLOURS.on,
  MAP_STATES.indexOf('dimmed'),
  MAP_STATE_COLOURS.dimmed,
  MAP_STATES.indexOf('off'),
  MAP_STATE_COLOURS.off,
  STATUS_COLOURS.online,
];

/** The map style: nothing but our own GeoJSON (no tiles, no fonts), so it works offline; the street tiles join it later. */
function offlineStyle(): maplibregl.StyleSpecification {
  const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
  const count = (status: DeviceStatus): maplibregl.ExpressionSpecification => [
    '+',
    ['case', ['==', ['get', 's'], status], 1, 0],
  ];
  return {
    version: 8,
    sources: {
      graticule: { type: 'geojson', data: empty },
      outline: { type: 'geojson', data: empty },
      devices: {
        type: 'geojson',
        data: empty,
        cluster: true,
        clusterRadius: 46,
        clusterMaxZoom: 16,
        clusterProperties: {
          online: count('online'),
          offline: count('offline'),
          fault: count('fault'),
          init: count('init'),
        },
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#0b1d33' } },
      {
        id: 'outline-fill',
        type: 'fill',
        source: 'outline',
        paint: { 'fill-color': '#15406b', 'fill-opacity': 0.45 },
      },
      {
        id: 'graticule',
        type: 'line',
        source: 'graticule',
        paint: {
          'line-color': ['case', ['get', 'major'], '#2d5a8a', '#1b3a5c'],
          'line-width': ['case', ['get', 'major'], 1, 0.6],
        },
      },
      {
        id: 'outline-line',
        type: 'line',
        source: 'outline',
        paint: { 'line-color': '#4da3ff', 'line-width': 2, 'line-dasharray': [3, 2] },
      },
      {
        id: 'clusters',
        type: 'circle',
        source: 'devices',
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': [
            'case',
            ['>', ['get', 'fault'], 0],
            STATUS_COLOURS.fault,
            ['>', ['get', 'offline'], ['get', 'online']],
            STATUS_COLOURS.offline,
            ['>', ['get', 'online'], 0],
            STATUS_COLOURS.online,
            STATUS_COLOURS.init,
          ],
          'circle-opacity': 0.85,
          'circle-radius': ['step', ['get', 'point_count'], 14, 20, 18, 100, 22, 1000, 28, 10000, 34],
          'circle-stroke-width': 3,
          'circle-stroke-color': 'rgba(255,255,255,0.35)',
        },
      },
      {
        id: 'points',
        type: 'circle',
        source: 'devices',
        filter: ['!', ['has', 'point_count']],
        paint: {
          'circle-color': [
            'match',
            ['get', 's'],
            'online',
            ['case', ['==', ['get', 't'], 'RTU'], LIT, STATUS_COLOURS.online],
            'offline',
            STATUS_COLOURS.offline,
            'fault',
            STATUS_COLOURS.fault,
            STATUS_COLOURS.init,
          ],
          'circle-radius': [
            'interpolate',
            ['linear'],
            ['zoom'],
            10,
            ['match', ['get', 't'], ['BOX', 'CCU'], 5, 3],
            17,
            ['match', ['get', 't'], ['BOX', 'CCU'], 10, 7],
          ],
          'circle-stroke-width': ['match', ['get', 't'], ['BOX', 'CCU'], 2, 1],
          'circle-stroke-color': '#ffffff',
        },
      },
      {
        id: 'selected',
        type: 'circle',
        source: 'devices',
        filter: ['==', ['get', 'id'], -1],
        paint: {
          'circle-radius': 14,
          'circle-color': 'rgba(0,0,0,0)',
          'circle-stroke-width': 3,
          'circle-stroke-color': '#ffd666',
        },
      },
    ],
  };
}

function MonitorMapBody() {
  const { t } = useTranslation();
  const project = useProject()!;
  const projectId = Number(project.id);
  const types = useDict('lighting_device_type');
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const devices = useRef(new Map<number, MapDevice>());
  const dirty = useRef(new Set<number>());
  const labels = useRef(new Map<number, maplibregl.Marker>());
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(0);
  const [loading, setLoading] = useState(false);
  const [total, setTotal] = useState<number | null>(null);
  const [shownTypes, setShownTypes] = useState<DeviceType[]>(DEFAULT_TYPES);
  const [shownStatuses, setShownStatuses] = useState<DeviceStatus[]>(STATUSES);
  const [counts, setCounts] = useState<Record<DeviceStatus, number>>({ online: 0, offline: 0, fault: 0, init: 0 });
  const [selected, setSelected] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const [treeOpen, setTreeOpen] = useState(false);
  const center: LngLat = [
    Number(project.longitude ?? DEFAULT_MAP_CENTER.longitude) || DEFAULT_MAP_CENTER.longitude,
    Number(project.latitude ?? DEFAULT_MAP_CENTER.latitude) || DEFAULT_MAP_CENTER.latitude,
  ];
  const filter = useRef<MapFilter>({ types: shownTypes, statuses: shownStatuses });
  filter.current = { types: shownTypes, statuses: shownStatuses };

  const recount = useCallback(() => {
    const next: Record<DeviceStatus, number> = { online: 0, offline: 0, fault: 0, init: 0 };
    for (const device of devices.current.values())
      if (filter.current.types.includes(device.type)) next[device.status]++;
    setCounts(next);
  }, []);

  /** Writes every device into the map (after loading, filtering). */
  const writeAll = useCallback(() => {
    const source = mapRef.current?.getSource<GeoJSONSource>('devices');
    if (!source) return;
    const features = [...devices.current.values()].filter((device) => isVisible(device, filter.current)).map(toFeature);
    source.setData({ type: 'FeatureCollection', features });
    dirty.current.clear();
    recount();
  }, [recount]);

  // the map itself
  // biome-ignore lint/correctness/useExhaustiveDependencies: one map per project (the page is keyed by it)
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container: node,
        style: offlineStyle(),
        center,
        zoom: 13,
        attributionControl: false,
        maxPitch: 0,
        dragRotate: false,
      });
    } catch {
      setFailed(true);
      return;
    }
    mapRef.current = map;
    map.touchZoomRotate.disableRotation();
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-right');
    degradeStreet(map, () => undefined);
    map.on('load', () => {
      // the street tiles of the project's map type, when the platform admits their host
      http
        .get<DataEnvelope<MapSummary>>('/lighting/map/summary', { projectId }, { silent: true })
        .then(({ data }) => {
          const street = streetBackground(data.tiles);
          for (const [id, source] of Object.entries(street.sources)) if (!map.getSource(id)) map.addSource(id, source);
          for (const layer of street.layers) if (!map.getLayer(layer.id)) map.addLayer(layer, 'outline-line');
        })
        .catch(() => undefined);
      map.getSource<GeoJSONSource>('graticule')?.setData(graticule(null));
      map.getSource<GeoJSONSource>('outline')?.setData(projectOutline([], center));
      setReady(true);
    });
    map.on('click', 'clusters', async (event: MapMouseEvent & { features?: maplibregl.MapGeoJSONFeature[] }) => {
      const feature = event.features?.[0];
      if (!feature) return;
      const zoom = await map
        .getSource<GeoJSONSource>('devices')!
        .getClusterExpansionZoom(feature.properties.cluster_id as number);
      map.easeTo({ center: (feature.geometry as Point).coordinates as LngLat, zoom });
    });
    map.on('click', 'points', (event: MapMouseEvent & { features?: maplibregl.MapGeoJSONFeature[] }) => {
      const id = Number(event.features?.[0]?.properties.id);
      if (id) setSelected(id);
    });
    const popup = new maplibregl.Popup({ closeButton: false, closeOnClick: false, offset: 10 });
    map.on('mouseenter', 'points', (event: MapMouseEvent & { features?: maplibregl.MapGeoJSONFeature[] }) => {
      map.getCanvas().style.cursor = 'pointer';
      const feature = event.features?.[0];
      if (!feature) return;
      const device = devices.current.get(Number(feature.properties.id));
      if (!device) return;
      const text = document.createElement('div');
      text.style.fontSize = '12px';
      text.textContent = `${device.name} · ${device.uid}`;
      popup.setLngLat(device.lngLat).setDOMContent(text).addTo(map);
    });
    map.on('mouseleave', 'points', () => {
      map.getCanvas().style.cursor = '';
      popup.remove();
    });
    map.on('mouseenter', 'clusters', () => {
      map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', 'clusters', () => {
      map.getCanvas().style.cursor = '';
    });
    // cluster counts as HTML labels: the style has no font, so the map stays free of remote glyphs
    const updateLabels = () => {
      const seen = new Set<number>();
      const features = map.querySourceFeatures('devices', { filter: ['has', 'point_count'] });
      for (const feature of features) {
        const id = feature.properties.cluster_id as number;
        if (seen.has(id) || seen.size >= MAX_CLUSTER_LABELS) continue;
        seen.add(id);
        let marker = labels.current.get(id);
        if (!marker) {
          const element = document.createElement('div');
          element.className = 'lt-map-cluster';
          marker = new maplibregl.Marker({ element }).setLngLat((feature.geometry as Point).coordinates as LngLat);
          labels.current.set(id, marker);
        }
        marker.getElement().textContent = String(
          feature.properties.point_count_abbreviated ?? feature.properties.point_count,
        );
        marker.setLngLat((feature.geometry as Point).coordinates as LngLat).addTo(map);
      }
      for (const [id, marker] of labels.current)
        if (!seen.has(id)) {
          marker.remove();
          labels.current.delete(id);
        }
    };
    map.on('idle', updateLabels);
    map.on('error', (event) => {
      if (String(event.error?.message ?? '').includes('WebGL')) setFailed(true);
    });
    return () => {
      for (const marker of labels.current.values()) marker.remove();
      labels.current.clear();
      map.remove();
      mapRef.current = null;
      setReady(false);
    };
  }, []);

  // every located device of the project, 500 at a time, drawn as they arrive
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    devices.current.clear();
    setLoaded(0);
    setTotal(null);
    setLoading(true);
    (async () => {
      let afterId: number | undefined;
      let first = true;
      for (;;) {
        const res = await http.get<TableEnvelope<DeviceRow>>(
          '/lighting/device/list',
          { projectId, located: 'LOCATED', deviceTypes: MAP_TYPES.join(','), pageSize: PAGE, afterId },
          { signal: controller.signal, silent: !first },
        );
        if (controller.signal.aborted) return;
        if (first) setTotal(res.total);
        first = false;
        for (const row of res.rows) {
          if (row.longitude === null || row.latitude === null) continue;
          devices.current.set(row.deviceId, {
            id: row.deviceId,
            uid: row.uid,
            name: row.name,
            type: row.deviceType,
            lngLat: [row.longitude, row.latitude],
            commState: row.commState,
            values: row.live ?? {},
            fault: row.fault,
            status: deviceStatus(row.commState, row.live ?? {}, undefined, row.fault),
          });
        }
        setLoaded(devices.current.size);
        writeAll();
        if (res.rows.length < PAGE) break;
        afterId = res.rows[res.rows.length - 1]!.deviceId;
      }
      const map = mapRef.current;
      if (!map) return;
      const points = [...devices.current.values()].map((d) => d.lngLat);
      const outline = projectOutline(points, center);
      map.getSource<GeoJSONSource>('outline')?.setData(outline);
      const box = bboxOf(points);
      map.getSource<GeoJSONSource>('graticule')?.setData(graticule(box ?? bboxOf([center])));
      if (box) {
        // the whole outline in view, the devices in the middle of it
        const padded = bboxOf(outline.geometry.coordinates[0] as LngLat[]) ?? padBBox(box, 0.05, 0.001);
        map.fitBounds(
          [
            [padded.west, padded.south],
            [padded.east, padded.north],
          ],
          { padding: FIT_PADDING, duration: 0, maxZoom: 17 },
        );
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [ready, version, projectId, writeAll]);

  // filters
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter state is read through a ref; these trigger it
  useEffect(() => {
    if (ready) writeAll();
  }, [ready, shownTypes, shownStatuses, writeAll]);

  // the selected device gets a ring
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    map.setFilter('selected', ['==', ['get', 'id'], selected ?? -1]);
  }, [ready, selected]);

  // live state: statuses change in memory at once, and reach the map in batches
  useLiveMessages(['device.state', 'device.event'], (msg) => {
    if (msg.type === 'device.state') {
      for (const item of msg.items) {
        const device = devices.current.get(item.deviceId);
        if (!device) continue;
        if (item.commState) device.commState = item.commState;
        if (item.values) device.values = { ...device.values, ...item.values };
        const status = deviceStatus(device.commState, device.values, device.event, device.fault);
        // a lamp switched or dimmed changes its look without changing its online state
        if (status !== device.status || item.values) {
          device.status = status;
          dirty.current.add(device.id);
        }
      }
    } else if (msg.type === 'device.event') {
      for (const item of msg.items) {
        const device = devices.current.get(item.deviceId);
        if (!device) continue;
        device.event = item.eventType;
        if (item.eventType === 'RECOVER') device.fault = false;
        else if (isFaultEvent(item.eventType)) device.fault = true;
        const status = deviceStatus(device.commState, device.values, device.event, device.fault);
        if (status !== device.status) {
          device.status = status;
          dirty.current.add(device.id);
        }
      }
    }
  });
  useEffect(() => {
    const timer = setInterval(() => {
      if (!dirty.current.size) return;
      const source = mapRef.current?.getSource<GeoJSONSource>('devices');
      if (!source) return;
      const changed = [...dirty.current].map((id) => devices.current.get(id)!).filter(Boolean);
      dirty.current.clear();
      if (changed.some((device) => !isVisible(device, filter.current))) writeAll();
      else {
        try {
          source.updateData({
            update: changed.map((device) => ({
              id: device.id,
              addOrUpdateProperties: [
                { key: 's', value: device.status },
                { key: 'l', value: lit(device).l },
                { key: 'd', value: lit(device).d },
              ],
            })),
          });
          recount();
        } catch {
          writeAll();
        }
      }
    }, FLUSH_MS);
    return () => clearInterval(timer);
  }, [writeAll, recount]);

  const flyTo = (id: number | null) => {
    if (!id) return;
    const device = devices.current.get(id);
    if (device) mapRef.current?.flyTo({ center: device.lngLat, zoom: 18 });
    setSelected(id);
  };

  const typeOptions = useMemo(
    () => MAP_TYPES.map((value) => ({ value, label: dictLabel(types, value) || value })),
    [types],
  );
  const shown = STATUSES.reduce((sum, status) => sum + counts[status], 0);

  return (
    <div className="lx-page" data-testid="monitor-map-page" style={{ padding: 0 }}>
      <div className="lt-map" data-testid="monitor-map">
        <div ref={container} className="lt-map-canvas" />
        {failed && (
          <div className="lt-map-message" data-testid="map-unsupported">
            {t('ltMap.noWebgl')}
          </div>
        )}
        <div className="lt-map-panel lt-map-filter" style={{ zIndex: treeOpen ? Z_FILTER : Z_INDEX_BASE }}>
          <Space wrap size={[12, 6]}>
            <DeviceSelect
              types={MAP_TYPES}
              value={null}
              onChange={flyTo}
              placeholder={t('ltMap.find')}
              style={{ width: 240 }}
              testId="map-find"
            />
            <Checkbox.Group
              options={typeOptions}
              value={shownTypes}
              onChange={(value) => setShownTypes(value as DeviceType[])}
              data-testid="map-types"
            />
            <Tooltip title={t('ltMap.tree')}>
              <Button
                size="small"
                type={treeOpen ? 'primary' : 'default'}
                icon={<ApartmentOutlined />}
                onClick={() => setTreeOpen((open) => !open)}
                aria-label={t('ltMap.tree')}
                data-testid="map-tree-toggle"
              />
            </Tooltip>
            <Tooltip title={t('table.refresh')}>
              <Button
                size="small"
                icon={<ReloadOutlined />}
                onClick={() => setVersion((v) => v + 1)}
                aria-label={t('table.refresh')}
              />
            </Tooltip>
            <Tooltip title={t('ltMap.fit')}>
              <Button
                size="small"
                icon={<AimOutlined />}
                aria-label={t('ltMap.fit')}
                onClick={() => {
                  const box = bboxOf([...devices.current.values()].map((d) => d.lngLat));
                  if (box)
                    mapRef.current?.fitBounds(
                      [
                        [box.west, box.south],
                        [box.east, box.north],
                      ],
                      { padding: FIT_PADDING, maxZoom: 17 },
                    );
                }}
              />
            </Tooltip>
          </Space>
        </div>
        {treeOpen && (
          <div className="lt-map-panel lt-map-tree" style={{ zIndex: Z_TREE }} data-testid="map-tree">
            <DeviceTree
              projectId={projectId}
              selectedId={selected}
              onSelect={(node) => node && flyTo(node.deviceId)}
              height={360}
            />
          </div>
        )}
        <div className="lt-map-panel lt-map-legend" data-testid="map-legend">
          <Typography.Text strong>{t('ltMap.legend')}</Typography.Text>
          {STATUSES.map((status) => (
            <label key={status} className="lt-map-legend-row">
              <Checkbox
                checked={shownStatuses.includes(status)}
                onChange={(event) =>
                  setShownStatuses((list) =>
                    event.target.checked ? [...list, status] : list.filter((item) => item !== status),
                  )
                }
              />
              <span className="lt-map-swatch" style={{ background: STATUS_COLOURS[status] }} />
              <span style={{ flex: 1 }}>{t(`ltMap.status.${status}`)}</span>
              <b data-testid={`map-count-${status}`}>{counts[status]}</b>
            </label>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="map-loaded">
            {t('ltMap.loaded', { shown, loaded, total: total ?? loaded })}
          </Typography.Text>
          {loading && total !== null && total > 0 && (
            <Progress percent={Math.round((loaded / total) * 100)} size="small" showInfo={false} />
          )}
        </div>
      </div>
      <DeviceDrawer deviceId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}

/** The monitoring map (lighting/monitor-map): every located device, coloured by online state and faults. */
export function MonitorMapPage() {
  return (
    <NeedProject testId="monitor-map-page">
      <MonitorMapBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
