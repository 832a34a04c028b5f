import { ApartmentOutlined, FilterOutlined, GatewayOutlined, HomeOutlined, ProjectOutlined } from '@ant-design/icons';
import {
  LAMP_MAP_STATES,
  MAP_COORD_SCALE,
  MAP_STATE_COLOURS,
  MAP_STATES,
  type MapState,
  type MapSummary,
  type MapViewport,
} from '@luxgrid/contracts/map';
import { Alert, App, Button, Card, Input, Select, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Point } from 'geojson';
import maplibregl, { type GeoJSONSource, type MapMouseEvent } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProjectSelector } from '../../app/layout/ProjectSelector';
import { ControlButtons, useControl } from '../../features/lighting/control';
import { DeviceTree } from '../../features/lighting/DeviceTree';
import { graticule, projectOutline } from '../../features/lighting/geo';
import { useLiveMessages } from '../../features/lighting/live';
import {
  addBadgeImages,
  BADGE_TYPES,
  baseStyle,
  cellsToGeoJSON,
  degradeStreet,
  pointsToGeoJSON,
} from '../../features/lighting/map-layers';
import { applyLive, type MapDeviceState, seedState } from '../../features/lighting/map-live';
import {
  boxShape,
  extendLasso,
  insideShape,
  isArea,
  type ScreenPoint,
  shapeBounds,
} from '../../features/lighting/map-select';
import { useGroups, useProject, useTags } from '../../features/lighting/project';
import type { ControlAction, ControlResult } from '../../features/lighting/types';
import '../../features/lighting/lighting.css';
import './map-screen.css';
import { DEFAULT_MAP_CENTER, Z_INDEX_BASE } from '../../shared/constants';
import { type DataEnvelope, http } from '../../shared/request';
import { DeviceCard } from './components/DeviceCard';

/** The map device filter (spec §2): type, state, group, tag, road, keyword. */
interface Filter {
  types: string[];
  states: MapState[];
  groupId?: number;
  tagId?: number;
  road: string;
  keyword: string;
}
const EMPTY_FILTER: Filter = { types: [], states: [], road: '', keyword: '' };
const TYPES = ['RTU', ...BADGE_TYPES];
type View = 'tree' | 'filter' | 'card' | 'selection';
/** What the selected lamps can be told, as one control task (the group apply screen's permissions). */
const SELECTION_ACTIONS = ['LIGHT_ON', 'LIGHT_OFF', 'LIGHT_DIMMING'] as const;

/**
 * Floating views start at z-index 1000 and the newest opened is on top; when the device tree and
 * the map device filter are the two open, they take 1003 and 1002 (spec §4).
 */
function zIndexes(open: View[]): Record<View, number> {
  const out = { tree: Z_INDEX_BASE, filter: Z_INDEX_BASE, card: Z_INDEX_BASE, selection: Z_INDEX_BASE };
  if (open.length === 2 && open.includes('tree') && open.includes('filter')) {
    out.tree = Z_INDEX_BASE + 3;
    out.filter = Z_INDEX_BASE + 2;
    return out;
  }
  open.forEach((view, i) => {
    out[view] = Z_INDEX_BASE + i;
  });
  return out;
}

const query = (map: maplibregl.Map, filter: Filter, projectId: number) => {
  const bounds = map.getBounds();
  return {
    projectId,
    west: Math.max(-180, bounds.getWest()),
    south: Math.max(-85, bounds.getSouth()),
    east: Math.min(180, bounds.getEast()),
    north: Math.min(85, bounds.getNorth()),
    zoom: Math.round(map.getZoom() * 100) / 100,
    types: filter.types.join(',') || undefined,
    states: filter.states.join(',') || undefined,
    groupId: filter.groupId,
    tagId: filter.tagId,
    road: filter.road || undefined,
    keyword: filter.keyword || undefined,
  };
};

function MapScreenBody({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const known = useRef(new Map<number, MapDeviceState>());
  const [summary, setSummary] = useState<MapSummary | null>(null);
  const [ready, setReady] = useState(false);
  const [offline, setOffline] = useState(false);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<MapViewport['mode'] | null>(null);
  /** when a large city's cells were counted (they are a kept summary), null when counted for the answer */
  const [asOf, setAsOf] = useState<number | null>(null);
  const [inView, setInView] = useState(0);
  const [filter, setFilter] = useState<Filter>(EMPTY_FILTER);
  const [draft, setDraft] = useState<Filter>(EMPTY_FILTER);
  const [open, setOpen] = useState<View[]>(['filter']);
  const [cardId, setCardId] = useState<number | null>(null);
  /** lasso mode: the next outline drawn on the map selects the lamps inside it */
  const [selecting, setSelecting] = useState(false);
  /** the lasso or box being drawn, in pixels of the map */
  const [shape, setShape] = useState<ScreenPoint[] | null>(null);
  const [selection, setSelection] = useState<number[]>([]);
  const [result, setResult] = useState<ControlResult | null>(null);
  const [projectOpen, setProjectOpen] = useState(false);
  const groups = useGroups();
  const tags = useTags();
  const control = useControl();
  const filterRef = useRef(filter);
  filterRef.current = filter;
  /** a search by keyword brings its devices into view, once per search */
  const fitPending = useRef(false);
  const apply = (next: Filter) => {
    fitPending.current = !!next.keyword;
    setFilter(next);
  };
  const z = zIndexes(open);
  const toggle = (view: View, on?: boolean) =>
    setOpen((list) => {
      const has = list.includes(view);
      if (on ?? !has) return [...list.filter((v) => v !== view), view];
      return list.filter((v) => v !== view);
    });

  const loadSummary = useCallback(async () => {
    const { data } = await http.get<DataEnvelope<MapSummary>>('/lighting/map/summary', { projectId }, { silent: true });
    setSummary(data);
    return data;
  }, [projectId]);

  // the map: created once the project's map type and extent are known
  // biome-ignore lint/correctness/useExhaustiveDependencies: one map per project (the body is keyed by it)
  useEffect(() => {
    let map: maplibregl.Map | undefined;
    let cancelled = false;
    loadSummary()
      .then((first) => {
        const node = container.current;
        if (cancelled || !node) return;
        const center = first.center ?? [DEFAULT_MAP_CENTER.longitude, DEFAULT_MAP_CENTER.latitude];
        try {
          map = new maplibregl.Map({
            container: node,
            style: baseStyle(first.tiles),
            center,
            zoom: 13,
            attributionControl: false,
            maxPitch: 0,
            dragRotate: false,
            boxZoom: false,
          });
        } catch {
          setFailed(true);
          return;
        }
        if (!first.tiles.length) setOffline(true);
        mapRef.current = map;
        const m = map;
        m.touchZoomRotate.disableRotation();
        m.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'bottom-right');
        m.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-right');
        degradeStreet(m, () => setOffline(true));
        m.on('load', () => {
          addBadgeImages(m);
          const box = first.bbox;
          const corners: [number, number][] = box
            ? [
                [box[0], box[1]],
                [box[2], box[1]],
                [box[2], box[3]],
                [box[0], box[3]],
              ]
            : [];
          const outline = projectOutline(corners, center);
          m.getSource<GeoJSONSource>('outline')?.setData(outline);
          m.getSource<GeoJSONSource>('graticule')?.setData(
            graticule(box ? { west: box[0], south: box[1], east: box[2], north: box[3] } : null),
          );
          if (box)
            m.fitBounds(
              [
                [box[0], box[1]],
                [box[2], box[3]],
              ],
              { padding: 80, duration: 0, maxZoom: 17 },
            );
          setReady(true);
        });
        // Shift and drag: a box selection (the map does not pan meanwhile)
        m.on('mousedown', (event) => {
          if (!event.originalEvent.shiftKey || event.originalEvent.button !== 0) return;
          event.preventDefault();
          const rect = m.getCanvasContainer().getBoundingClientRect();
          const at = (e: MouseEvent): ScreenPoint => [e.clientX - rect.left, e.clientY - rect.top];
          const start: ScreenPoint = [event.point.x, event.point.y];
          setShape(boxShape(start, start));
          const move = (e: MouseEvent) => setShape(boxShape(start, at(e)));
          const up = (e: MouseEvent) => {
            window.removeEventListener('mousemove', move);
            selectInRef.current(boxShape(start, at(e)));
          };
          window.addEventListener('mousemove', move);
          window.addEventListener('mouseup', up, { once: true });
        });
        m.on('click', 'cells', (event: MapMouseEvent & { features?: maplibregl.MapGeoJSONFeature[] }) => {
          const feature = event.features?.[0];
          if (feature)
            m.easeTo({ center: (feature.geometry as Point).coordinates as [number, number], zoom: m.getZoom() + 2 });
        });
        for (const layer of ['lamps', 'badges']) {
          m.on('click', layer, (event: MapMouseEvent & { features?: maplibregl.MapGeoJSONFeature[] }) => {
            const id = Number(event.features?.[0]?.properties.id);
            if (!id) return;
            setCardId(id);
            toggle('card', true);
          });
          m.on('mouseenter', layer, () => {
            m.getCanvas().style.cursor = 'pointer';
          });
          m.on('mouseleave', layer, () => {
            m.getCanvas().style.cursor = '';
          });
        }
        m.on('error', (event) => {
          if (String(event.error?.message ?? '').includes('WebGL')) setFailed(true);
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
    };
  }, []);

  // the viewport: asked again after every move and filter change; only the newest answer is drawn
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is read through a ref; a new one asks again
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    let controller: AbortController | null = null;
    const load = async () => {
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      try {
        const { data } = await http.get<DataEnvelope<MapViewport>>(
          '/lighting/map/viewport',
          query(map, filterRef.current, projectId),
          { signal: mine.signal, silent: true },
        );
        if (mine.signal.aborted) return;
        const points = map.getSource<GeoJSONSource>('points');
        const cells = map.getSource<GeoJSONSource>('cells');
        known.current.clear();
        if (data.mode === 'points') {
          const collection = pointsToGeoJSON(data);
          for (const feature of collection.features) {
            const p = feature.properties as { id: number; t: string; s: number; d: number; f: number };
            known.current.set(p.id, seedState(p.t, p.s, p.d, p.f));
          }
          points?.setData(collection);
          cells?.setData({ type: 'FeatureCollection', features: [] });
          setInView(collection.features.length);
          if (fitPending.current && collection.features.length) {
            fitPending.current = false;
            const xs = data.x.map((x) => x / MAP_COORD_SCALE);
            const ys = data.y.map((y) => y / MAP_COORD_SCALE);
            map.fitBounds(
              [
                [Math.min(...xs), Math.min(...ys)],
                [Math.max(...xs), Math.max(...ys)],
              ],
              { padding: 120, maxZoom: 18, duration: 0 },
            );
          }
        } else {
          points?.setData({ type: 'FeatureCollection', features: [] });
          cells?.setData(cellsToGeoJSON(data));
          setInView(data.n.reduce((a, b) => a + b, 0));
        }
        setMode(data.mode);
        setAsOf(data.mode === 'cells' ? data.asOf : null);
        map.getContainer().dataset.viewport = data.mode;
        map.getContainer().dataset.loaded = String(Date.now());
      } catch {
        /* a newer request replaced this one, or the request layer reported the failure */
      }
    };
    void load();
    map.on('moveend', load);
    return () => {
      map.off('moveend', load);
      controller?.abort();
    };
  }, [ready, filter, projectId]);

  // live: changed devices are restyled through feature-state (the source is not reloaded)
  /** legend refreshes still due: two after a push (the second catches what committed meanwhile) */
  const summaryDue = useRef(0);
  useLiveMessages(['device.state', 'device.event'], (message) => {
    const map = mapRef.current;
    summaryDue.current = 2;
    if (!map) return;
    for (const [id, device] of applyLive(known.current, message))
      map.setFeatureState({ source: 'points', id }, { s: device.s, d: device.d });
  });
  useEffect(() => {
    const timer = setInterval(() => {
      if (!summaryDue.current) return;
      summaryDue.current--;
      void loadSummary().catch(() => undefined);
    }, 3000);
    return () => clearInterval(timer);
  }, [loadSummary]);

  // the selected lamps get a ring
  useEffect(() => {
    const map = mapRef.current;
    if (ready && map?.getLayer('selected'))
      map.setFilter('selected', ['in', ['get', 'id'], ['literal', [...selection, ...(cardId ? [cardId] : [])]]]);
  }, [ready, selection, cardId]);

  // selection: the lamps drawn inside a lasso or a box
  const selectIn = (drawn: ScreenPoint[]) => {
    const map = mapRef.current;
    setShape(null);
    setSelecting(false);
    if (!map || !isArea(drawn)) return;
    const features = map.queryRenderedFeatures(shapeBounds(drawn), { layers: ['lamps'] });
    const ids = [
      ...new Set(
        features
          .filter((feature) => {
            const pixel = map.project((feature.geometry as Point).coordinates as [number, number]);
            return insideShape([pixel.x, pixel.y], drawn);
          })
          .map((feature) => Number(feature.properties.id)),
      ),
    ];
    if (!ids.length) message.info(t('ltMapScreen.noneSelected'));
    setSelection(ids);
    setResult(null);
    toggle('selection', ids.length > 0);
  };
  const selectInRef = useRef(selectIn);
  selectInRef.current = selectIn;
  const pointerAt = (event: React.PointerEvent): ScreenPoint => {
    const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };
  const startLasso = (event: React.PointerEvent) => {
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    setShape([pointerAt(event)]);
  };
  const moveLasso = (event: React.PointerEvent) => {
    if (shape) setShape(extendLasso(shape, pointerAt(event)));
  };
  const endLasso = () => {
    if (shape) selectIn(shape);
  };

  const runControl = async (action: ControlAction, target: Parameters<typeof control.run>[1], dim?: number) => {
    const answer = await control.run(action, target, dim);
    if (answer) setResult(answer);
  };

  const groupOptions = useMemo(() => groups.map((g) => ({ value: g.groupId, label: g.name })), [groups]);
  const tagOptions = useMemo(() => tags.map((g) => ({ value: g.tagId, label: g.name })), [tags]);
  const lampTotal = summary ? LAMP_MAP_STATES.reduce((sum, s) => sum + summary.lamps[s], 0) : 0;

  return (
    <div className="lt-map lt-map-screen" data-testid="map-screen">
      <div ref={container} className="lt-map-canvas" data-testid="map-screen-canvas" />
      {failed && (
        <div className="lt-map-message" data-testid="map-unsupported">
          {t('ltMap.noWebgl')}
        </div>
      )}
      {selecting && (
        <div
          className="lt-map-band-layer"
          data-testid="map-lasso-layer"
          onPointerDown={startLasso}
          onPointerMove={moveLasso}
          onPointerUp={endLasso}
        />
      )}
      {shape && (
        <svg className="lt-map-shape" data-testid="map-shape" aria-hidden="true">
          <polygon points={shape.map((p) => p.join(',')).join(' ')} />
        </svg>
      )}
      <div className="lt-map-toolbar">
        <Space>
          <Tooltip title={t('routes.home', { defaultValue: 'Home' })}>
            <Button icon={<HomeOutlined />} onClick={() => navigate('/')} aria-label="home" />
          </Tooltip>
          <Button icon={<ProjectOutlined />} onClick={() => setProjectOpen(true)} data-testid="map-project">
            {t('ltMapScreen.project')}
          </Button>
          <Button
            type={open.includes('tree') ? 'primary' : 'default'}
            icon={<ApartmentOutlined />}
            onClick={() => toggle('tree')}
            data-testid="map-tree-toggle"
          >
            {t('ltMap.tree')}
          </Button>
          <Button
            type={open.includes('filter') ? 'primary' : 'default'}
            icon={<FilterOutlined />}
            onClick={() => toggle('filter')}
            data-testid="map-filter-toggle"
          >
            {t('ltMapScreen.search')}
          </Button>
          <Tooltip title={t('ltMapScreen.selectHint')}>
            <Button
              type={selecting ? 'primary' : 'default'}
              icon={<GatewayOutlined />}
              onClick={() => setSelecting((on) => !on)}
              data-testid="map-select"
            >
              {t('ltMapScreen.select')}
            </Button>
          </Tooltip>
        </Space>
      </div>
      {open.includes('tree') && (
        <div className="lt-map-panel lt-map-screen-tree" style={{ zIndex: z.tree }} data-testid="map-tree">
          <DeviceTree
            projectId={projectId}
            selectedId={cardId}
            onSelect={(node) => {
              if (!node) return;
              setCardId(node.deviceId);
              toggle('card', true);
            }}
            height={420}
          />
        </div>
      )}
      {open.includes('filter') && (
        <div className="lt-map-panel lt-map-screen-filter" style={{ zIndex: z.filter }} data-testid="map-filter">
          <Space direction="vertical" style={{ width: 260 }}>
            <Select
              mode="multiple"
              allowClear
              style={{ width: '100%' }}
              placeholder={t('ltMapScreen.types')}
              value={draft.types}
              onChange={(types) => setDraft({ ...draft, types })}
              options={TYPES.map((type) => ({ value: type, label: t(`ltTypes.${type}`, { defaultValue: type }) }))}
              data-testid="map-filter-types"
            />
            <Select
              mode="multiple"
              allowClear
              style={{ width: '100%' }}
              placeholder={t('ltMapScreen.states')}
              value={draft.states}
              onChange={(states) => setDraft({ ...draft, states })}
              options={MAP_STATES.map((state) => ({ value: state, label: t(`ltMapScreen.state.${state}`) }))}
              data-testid="map-filter-states"
            />
            <Select
              allowClear
              style={{ width: '100%' }}
              placeholder={t('ltMapScreen.group')}
              value={draft.groupId}
              onChange={(groupId) => setDraft({ ...draft, groupId })}
              options={groupOptions}
            />
            <Select
              allowClear
              style={{ width: '100%' }}
              placeholder={t('ltMapScreen.tag')}
              value={draft.tagId}
              onChange={(tagId) => setDraft({ ...draft, tagId })}
              options={tagOptions}
            />
            <Input
              allowClear
              placeholder={t('ltMapScreen.road')}
              value={draft.road}
              onChange={(event) => setDraft({ ...draft, road: event.target.value })}
              data-testid="map-filter-road"
            />
            <Input
              allowClear
              placeholder={t('ltMapScreen.keyword')}
              value={draft.keyword}
              onChange={(event) => setDraft({ ...draft, keyword: event.target.value })}
              onPressEnter={() => apply(draft)}
              data-testid="map-filter-keyword"
            />
            <Space>
              <Button type="primary" onClick={() => apply(draft)} data-testid="map-filter-apply">
                {t('ltMapScreen.search')}
              </Button>
              <Button
                onClick={() => {
                  setDraft(EMPTY_FILTER);
                  apply(EMPTY_FILTER);
                }}
              >
                {t('ltMapScreen.reset')}
              </Button>
            </Space>
          </Space>
        </div>
      )}
      {cardId && open.includes('card') && (
        <DeviceCard
          deviceId={cardId}
          zIndex={z.card}
          onClose={() => {
            setCardId(null);
            toggle('card', false);
          }}
          onControl={(action, target, dim) => void runControl(action, target, dim)}
        />
      )}
      {selection.length > 0 && open.includes('selection') && (
        <Card
          size="small"
          className="lt-map-panel lt-map-selection"
          style={{ zIndex: z.selection }}
          data-testid="map-selection"
          title={t('ltMapScreen.selected', { count: selection.length })}
        >
          <Space wrap>
            <ControlButtons
              actions={SELECTION_ACTIONS}
              resources={['groupApply']}
              size="small"
              testIdPrefix="map-selection"
              onRun={(action) =>
                void runControl(action, {
                  task: { projectId, targetKind: 'DEVICE', targetIds: selection },
                  label: t('ltMapScreen.selected', { count: selection.length }),
                })
              }
            />
            <Button
              size="small"
              type="text"
              onClick={() => {
                setSelection([]);
                setResult(null);
                toggle('selection', false);
              }}
            >
              {t('ltMapScreen.clear')}
            </Button>
          </Space>
          {result && (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} data-testid="map-selection-result">
              {t('ltMapScreen.sent', { ...result })}
            </Typography.Paragraph>
          )}
        </Card>
      )}
      <div className="lt-map-panel lt-map-legend" data-testid="map-legend">
        <Typography.Text strong>{t('ltMap.legend')}</Typography.Text>
        {LAMP_MAP_STATES.map((state) => (
          <div key={state} className="lt-map-legend-row">
            <span className="lt-map-swatch" style={{ background: MAP_STATE_COLOURS[state] }} />
            <span style={{ flex: 1 }}>{t(`ltMapScreen.state.${state}`)}</span>
            <b data-testid={`map-count-${state}`}>{summary?.lamps[state] ?? 0}</b>
          </div>
        ))}
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="map-lamps">
          {t('ltMapScreen.devices', { count: lampTotal, inView })}
          {mode === 'cells' ? ` · ${t('ltMapScreen.zoomIn')}` : ''}
          {(asOf ?? summary?.asOf)
            ? ` · ${t('ltMapScreen.cellsAsOf', { time: dayjs(asOf ?? summary?.asOf).format('HH:mm:ss') })}`
            : ''}
        </Typography.Text>
      </div>
      {offline && (
        <Alert
          className="lt-map-offline"
          type="info"
          showIcon
          data-testid="map-offline"
          title={summary?.mapType === 'baidu' ? t('ltMapScreen.baiduOffline') : t('ltMapScreen.offline')}
        />
      )}
      {control.holder}
      <ProjectSelector open={projectOpen} onClose={() => setProjectOpen(false)} />
    </div>
  );
}

/**
 * The map screen (/web/mapScreen, subsystem 121): the whole city on one full screen, lamps by
 * state, live, with the device tree, the map device filter, device cards, and lasso or box (Shift and
 * drag) selection of lamps that become one control task.
 */
export function MapScreenPage() {
  const { t } = useTranslation();
  const project = useProject();
  const [projectOpen, setProjectOpen] = useState(false);
  if (!project)
    return (
      <div className="lt-map lt-map-screen lt-map-message" data-testid="map-screen">
        <Space direction="vertical" align="center">
          <Typography.Text style={{ color: '#fff' }}>{t('ltCommon.projectRequired')}</Typography.Text>
          <Button type="primary" onClick={() => setProjectOpen(true)}>
            {t('ltMapScreen.project')}
          </Button>
        </Space>
        <ProjectSelector open={projectOpen} onClose={() => setProjectOpen(false)} />
      </div>
    );
  return <MapScreenBody key={project.id} projectId={Number(project.id)} />;
}
