import type { Bilingual } from '../i18n.ts';

/** Messages of the asset information (GIS) subsystem. */
export const GIS_MESSAGES = {
  'gis.code.exists': {
    'zh-CN': '资产编号“{code}”已存在',
    'en-US': 'The asset code "{code}" already exists',
  },
  'gis.road.exists': { 'zh-CN': '道路“{name}”已存在', 'en-US': 'The road "{name}" already exists' },
  'gis.category.exists': { 'zh-CN': '分类“{name}”已存在', 'en-US': 'The category "{name}" already exists' },
  'gis.category.inUse': {
    'zh-CN': '分类下还有{count}项资产或子分类，不能删除',
    'en-US': 'The category still holds {count} assets or sub-categories and cannot be deleted',
  },
  'gis.category.loop': {
    'zh-CN': '上级分类不能是自己或自己的下级',
    'en-US': 'The parent category cannot be the category itself or one below it',
  },
  'gis.device.notFound': {
    'zh-CN': '设备“{uid}”不在本项目中',
    'en-US': 'The device "{uid}" is not in this project',
  },
  'gis.path.short': {
    'zh-CN': '道路至少需要两个点',
    'en-US': 'A road needs at least two points',
  },
  'gis.warranty.beforeInstall': {
    'zh-CN': '质保到期日不能早于安装日期',
    'en-US': 'The warranty cannot end before the install date',
  },
  'gis.geojson.invalid': {
    'zh-CN': '文件不是合法的 GeoJSON 要素集合',
    'en-US': 'The file is not a valid GeoJSON FeatureCollection',
  },
  'gis.import.geometry': {
    'zh-CN': '第 {row} 个要素：几何类型应为{expected}',
    'en-US': 'Feature {row}: the geometry must be a {expected}',
  },
  'gis.import.row': { 'zh-CN': '第 {row} 行：{reason}', 'en-US': 'Row {row}: {reason}' },
  'gis.import.duplicate': {
    'zh-CN': '第 {row} 行：编号“{code}”在文件中重复',
    'en-US': 'Row {row}: the code "{code}" appears twice in the file',
  },
  'gis.import.position': {
    'zh-CN': '第 {row} 行：经纬度不正确',
    'en-US': 'Row {row}: the longitude or latitude is wrong',
  },
  'gis.import.date': {
    'zh-CN': '第 {row} 行：日期“{value}”格式应为 yyyy-MM-dd',
    'en-US': 'Row {row}: the date "{value}" must be written yyyy-MM-dd',
  },
  'gis.import.format': {
    'zh-CN': '只能导入 .xlsx、.geojson 或 .json 文件',
    'en-US': 'Only .xlsx, .geojson or .json files can be imported',
  },
} satisfies Record<string, Bilingual>;

/** Labels of the GIS fields in validation messages. */
export const GIS_FIELDS: Record<string, Bilingual> = {
  assetCode: { 'zh-CN': '资产编号', 'en-US': 'Asset code' },
  categoryId: { 'zh-CN': '资产分类', 'en-US': 'Category' },
  assetKind: { 'zh-CN': '资产类型', 'en-US': 'Asset type' },
  installDate: { 'zh-CN': '安装日期', 'en-US': 'Install date' },
  warrantyEnd: { 'zh-CN': '质保到期', 'en-US': 'Warranty end' },
  supplier: { 'zh-CN': '供应商', 'en-US': 'Supplier' },
  lightingClass: { 'zh-CN': '照明等级', 'en-US': 'Lighting class' },
  line: { 'zh-CN': '道路线形', 'en-US': 'Road line' },
  width: { 'zh-CN': '路宽', 'en-US': 'Width' },
  buffer: { 'zh-CN': '照明范围', 'en-US': 'Lighting reach' },
  photos: { 'zh-CN': '照片', 'en-US': 'Photos' },
};
