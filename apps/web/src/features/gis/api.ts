import type { AssetCategoryRow, AssetRow, GisMap, GisStatistics, RoadLamp, RoadRow } from '@luxgrid/contracts/gis';
import { type DataEnvelope, type Envelope, http, type Params, type TableEnvelope } from '../../shared/request';

const ids = (list: readonly (number | string)[]) => list.join(',');

export type CategoryForm = Partial<AssetCategoryRow> & Pick<AssetCategoryRow, 'name' | 'assetKind' | 'parentId'>;
export type AssetForm = Partial<AssetRow> & Pick<AssetRow, 'assetCode' | 'name' | 'assetKind'>;
export type RoadForm = Partial<RoadRow> & Pick<RoadRow, 'name' | 'lightingClass' | 'width' | 'line'>;

function crud<Row, Form>(base: string) {
  return {
    listUrl: `${base}/list`,
    exportUrl: `${base}/export`,
    geojsonUrl: `${base}/export/geojson`,
    importUrl: `${base}/import`,
    templateUrl: `${base}/import/template`,
    list: (params: Params) => http.get<TableEnvelope<Row>>(`${base}/list`, params),
    get: (id: number) => http.get<DataEnvelope<Row>>(`${base}/${id}`),
    add: (body: Form) => http.post<DataEnvelope<Row>>(base, body),
    update: (body: Form) => http.put<Envelope>(base, body),
    remove: (list: readonly (number | string)[]) => http.del(`${base}/${ids(list)}`),
  };
}

export const categoryApi = crud<AssetCategoryRow, CategoryForm>('/gis/category');
export const assetApi = crud<AssetRow, AssetForm>('/gis/asset');
export const roadApi = {
  ...crud<RoadRow, RoadForm>('/gis/road'),
  lamps: (roadId: number) => http.get<DataEnvelope<RoadLamp[]>>(`/gis/road/${roadId}/lamps`),
};
export const gisApi = {
  map: (projectId: number) => http.get<DataEnvelope<GisMap>>('/gis/map', { projectId }),
  statistics: (projectId: number, days: number) =>
    http.get<DataEnvelope<GisStatistics>>('/gis/statistics', { projectId, days }),
};

/** What an import answers: how many rows, how many were added, and why each other one was refused. */
export interface ImportAnswer {
  total: number;
  created: number;
  failures: { row: number; reason: string }[];
}
