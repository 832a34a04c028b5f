import type { Bilingual } from '../i18n.ts';

/** Messages of the warehouse: warehouses, consumables, stock in and out. */
export const WAREHOUSE_MESSAGES = {
  'warehouse.code.exists': { 'zh-CN': '仓库编码“{code}”已存在', 'en-US': 'Warehouse code "{code}" already exists' },
  'warehouse.inUse': {
    'zh-CN': '仓库“{name}”已有库存或出入库记录，不能删除',
    'en-US': 'Warehouse "{name}" holds stock or movements and cannot be deleted',
  },
  'warehouse.disabled': { 'zh-CN': '仓库“{name}”已停用', 'en-US': 'Warehouse "{name}" is disabled' },
  'consumable.code.exists': {
    'zh-CN': '耗材编码“{code}”已存在',
    'en-US': 'Consumable code "{code}" already exists',
  },
  'consumable.inUse': {
    'zh-CN': '耗材“{name}”已有库存或出入库记录，不能删除',
    'en-US': 'Consumable "{name}" has stock or movements and cannot be deleted',
  },
  'consumable.disabled': { 'zh-CN': '耗材“{name}”已停用', 'en-US': 'Consumable "{name}" is disabled' },
  'consumable.import.duplicate': {
    'zh-CN': '第 {row} 行：耗材编码与第 {first} 行重复',
    'en-US': 'Row {row}: the code repeats row {first}',
  },
  'consumable.import.invalid': { 'zh-CN': '第 {row} 行：{reason}', 'en-US': 'Row {row}: {reason}' },
  'stock.line.duplicate': {
    'zh-CN': '耗材“{name}”在单据中出现了多次，请合并为一行',
    'en-US': 'Consumable "{name}" appears on more than one line; put it on one line',
  },
  'stock.insufficient': {
    'zh-CN': '“{name}”库存不足：现有 {available}{unit}，需要 {quantity}{unit}',
    'en-US': 'Not enough "{name}" in stock: {available} {unit} on hand, {quantity} {unit} requested',
  },
  'stockOut.notPending': {
    'zh-CN': '出库单 {no} 已审批过，不能再次审批',
    'en-US': 'Stock-out {no} has already been decided',
  },
  'stock.low.notice': {
    'zh-CN': '{count} 种耗材低于最低库存',
    'en-US': '{count} consumables are below their minimum stock',
  },
} satisfies Record<string, Bilingual>;
