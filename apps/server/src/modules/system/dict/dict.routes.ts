import { dictDataRow, optionalText, rule, sortNumber, text } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { fail } from '../../../platform/errors.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import { requirePlatform } from '../../../platform/scope.ts';
import { clearDictCache, dictByType, dictView } from './dict.service.ts';
import {
  DICT_DATA_ORDER,
  DICT_DATA_SORTABLE,
  deleteDictData,
  exportDictData,
  findDictData,
  insertDictData,
  listDictData,
  updateDictData,
} from './dict-data.repository.ts';

const dictType = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,99}$/, { error: rule('valid.type') });

const dataBody = z.object({
  dictCode: z.coerce.number().int().positive().optional(),
  dictSort: sortNumber().default(0),
  dictLabel: text(1, 100),
  dictLabelEn: optionalText(100),
  dictValue: text(1, 100),
  dictType: dictType,
  cssClass: optionalText(100),
  listClass: optionalText(100),
  isDefault: z.enum(['Y', 'N']).default('N'),
  status: z.enum(['0', '1']).default('0'),
  remark: optionalText(500),
});

/** Dictionary entries: every enumeration of the product, labelled in zh-CN and en-US. */
export function dictRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const now = () => deps.clock.now();
  return async (app) => {
    const tags = ['system/dict'];
    // lookups by type serve every screen's selects and tags: any signed-in user may read them
    for (const url of [
      '/system/dict/data/type/:dictType',
      '/system/dict/data/dict/:dictType',
      '/system/dict/data/enum/:dictType',
    ]) {
      app.get(url, { schema: { tags, params: z.object({ dictType }) } }, async (req) => {
        const rows = await dictByType(deps, req.params.dictType);
        return ok(
          req.lang,
          rows.map((r) => dictView(r, req.lang)),
        );
      });
    }

    const listQuery = pageQuery.extend({
      dictType: z.string().max(100).optional(),
      dictLabel: z.string().max(100).optional(),
      status: z.enum(['0', '1', '']).optional(),
    });
    resourceRoutes(app, deps, {
      base: '/system/dict/data',
      perm: 'system:dict',
      tags,
      title: 'dictionary data',
      idName: 'dictCode',
      idsName: 'dictCodes',
      row: dictDataRow,
      list: {
        query: listQuery,
        sortable: DICT_DATA_SORTABLE,
        order: DICT_DATA_ORDER,
        rows: (scope, q, page) => listDictData(db, scope, q, page),
      },
      get: (scope, id) => findDictData(db, scope, id),
      add: {
        body: dataBody,
        run: async (scope, { dictCode: _ignored, ...values }) => {
          requirePlatform(scope, 'system.platformOnly');
          await insertDictData(db, scope, now(), values);
          await clearDictCache(deps, values.dictType);
        },
      },
      edit: {
        body: dataBody,
        run: async (scope, { dictCode, ...values }) => {
          requirePlatform(scope, 'system.platformOnly');
          if (!dictCode) throw fail('valid.required', { field: 'dictCode' });
          await updateDictData(db, scope, now(), dictCode, values);
          await clearDictCache(deps);
        },
      },
      remove: async (scope, ids) => {
        requirePlatform(scope, 'system.platformOnly');
        await deleteDictData(db, scope, ids);
        await clearDictCache(deps);
      },
      export: {
        sheet: ['字典数据', 'dictionary data'],
        columns: [
          ['dictCode', '字典编码', 'Code', 10],
          ['dictSort', '字典排序', 'Order', 10],
          ['dictLabelZh', '字典标签', 'Label', 20],
          ['dictLabelEn', '英文标签', 'English label', 20],
          ['dictValue', '字典键值', 'Value', 16],
          ['dictType', '字典类型', 'Type', 28],
          ['isDefault', '是否默认', 'Default', 10],
          ['status', '状态', 'Status', 10, { dict: 'sys_normal_disable' }],
        ],
        rows: (scope, q) => exportDictData(db, scope, q),
      },
    });
  };
}
