import { ExpandOutlined } from '@ant-design/icons';
import { ASSET_KINDS, type GisMap, type LngLat } from '@luxgrid/contracts/gis';
import { Button, Card, Checkbox, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import maplibregl from 'maplibre-gl';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KIND_COLOURS } from '../../../features/gis/kinds';
import { useGisMap } from '../../../features/gis/useGisMap';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { BaseMap } from '../../../shared/map/BaseMap';
import { boundsOf, pointFeatures, ROAD_COLOURS, setBaseData, toDisplay } from '../../../shared/map/basemap';

type Layer = 'assets' | 'roads';
const ROAD_LAYERS = ['base-roads', 'base-road-casing'];

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Fits the map to everything it draws. */
function fit(map: maplibregl.Map, data: GisMap) {
  const points = [
    ...data.assets.map((a) => [a.longitude, a.latitude] as LngLat),
    ...data.roads.flatMap((r) => r.line),
  ].map((p) => toDisplay(p, data.crs));
  const box = boundsOf(points);
  if (box) map.fitBounds(box, { padding: 60, maxZoom: 17, duration: 0 });
}

function AssetMapBody({ data }: { data: GisMap }) {
  const { t } = useTranslation();
  const mapRef = useRef<maplibregl.Map | null>(null);
  const [shown, setShown] = useState<Layer[]>(['assets', 'roads']);
  const counts = ASSET_KINDS.map((kind) => [kind, data.assets.filter((a) => a.assetKind === kind).length] as const);

  const ready = (map: maplibregl.Map) => {
    mapRef.current = map;
    setBaseData(map, data.crs, {
      roads: data.roads,
      points: data.assets.map((a) => [a.longitude, a.latitude]),
      center: data.center,
    });
    map.addSource('assets', {
      type: 'geojson',
      data: pointFeatures(data.assets, data.crs, (a) => ({
        name: a.name,
        code: a.assetCode,
        kind: a.assetKind,
        category: a.categoryName,
        colour: KIND_COLOURS[a.assetKind] ?? KIND_COLOURS.OTHER,
      })),
    });
    map.addLayer({
      id: 'assets',
      type: 'circle',
      source: 'assets',
      paint: {
        'circle-color': ['get', 'colour'],
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 12, 3, 18, 9],
        'circle-stroke-width': 1.5,
        'circle-stroke-color': '#ffffff',
      },
    });
    const popup = new maplibregl.Popup({ closeButton: true, offset: 8 });
    map.on('click', 'assets', (event) => {
      const p = event.features?.[0]?.properties as Record<string, string> | undefined;
      if (!p) return;
      popup
        .setLngLat(event.lngLat)
        .setHTML(
          `<b>${html(p.name ?? '')}</b><br/>${html(p.code ?? '')} · ${html(t(`gisKind.${p.kind}`))} · ${html(p.category ?? '')}`,
        )
        .addTo(map);
    });
    map.on('click', 'base-roads', (event) => {
      const p = event.features?.[0]?.properties as Record<string, string> | undefined;
      if (!p || map.queryRenderedFeatures(event.point, { layers: ['assets'] }).length) return;
      popup
        .setLngLat(event.lngLat)
        .setHTML(`<b>${html(p.name ?? '')}</b><br/>${html(t('gisRoad.lightingClass'))}: ${html(p.c ?? '')}`)
        .addTo(map);
    });
    for (const layer of ['assets', 'base-roads']) {
      map.on('mouseenter', layer, () => {
        map.getCanvas().style.cursor = 'pointer';
      });
      map.on('mouseleave', layer, () => {
        map.getCanvas().style.cursor = '';
      });
    }
    fit(map, data);
  };

  const toggle = (layers: Layer[]) => {
    setShown(layers);
    const map = mapRef.current;
    if (!map) return;
    map.setLayoutProperty('assets', 'visibility', layers.includes('assets') ? 'visible' : 'none');
    for (const id of ROAD_LAYERS)
      map.setLayoutProperty(id, 'visibility', layers.includes('roads') ? 'visible' : 'none');
  };

  return (
    <BaseMap
      tiles={data.tiles}
      crs={data.crs}
      center={data.center}
      onReady={ready}
      style={{ height: 'calc(100vh - 150px)' }}
      testId="gis-map"
    >
      <Card size="small" style={{ width: 230 }} data-testid="gis-map-legend">
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{`${t('gisMap.mapType')}: ${t(`gisMapType.${data.mapType}`)}`}</Typography.Text>
          <Checkbox.Group
            value={shown}
            onChange={(v) => toggle(v as Layer[])}
            options={[
              { value: 'assets', label: `${t('gisMap.assets')} (${data.assets.length})` },
              { value: 'roads', label: `${t('gisMap.roads')} (${data.roads.length})` },
            ]}
            data-testid="gis-map-layers"
          />
          <div>
            {counts
              .filter(([, n]) => n > 0)
              .map(([kind, n]) => (
                <Tag key={kind} color={KIND_COLOURS[kind]} style={{ color: '#000', marginBottom: 4 }}>
                  {`${t(`gisKind.${kind}`)} ${n}`}
                </Tag>
              ))}
          </div>
          <div>
            {(['M', 'C', 'P'] as const).map((family) => (
              <Tag key={family} color={ROAD_COLOURS[family]} style={{ color: '#000' }}>
                {t(`gisRoad.class${family}`)}
              </Tag>
            ))}
          </div>
          {!data.assets.length && !data.roads.length && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gisMap.empty')} />
          )}
          <Tooltip title={t('gisMap.fit')}>
            <Button size="small" icon={<ExpandOutlined />} onClick={() => mapRef.current && fit(mapRef.current, data)}>
              {t('gisMap.fit')}
            </Button>
          </Tooltip>
        </Space>
      </Card>
    </BaseMap>
  );
}

function AssetMapPage() {
  const projectId = useProjectId()!;
  const data = useGisMap(projectId);
  if (!data) return <div className="lx-page" data-testid="gis-map-page" />;
  return (
    <div className="lx-page" data-testid="gis-map-page">
      <AssetMapBody data={data} />
    </div>
  );
}

/** The asset map (gis/map): every placed asset and road of the project on its base map. */
export function GisMapPage() {
  return (
    <NeedProject testId="gis-map-page">
      <AssetMapPage key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
