import { dictTypeAddBody, dictTypeEditBody, dictTypeRow } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { flagFilter, optionalFilter } from '../../../platform/params.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import { requirePlatform } from '../../../platform/scope.ts';
import { clearDictCache } from './dict.service.ts';
import {
  allDictTypes,
  DICT_TYPE_ORDER,
  DICT_TYPE_SORTABLE,
  deleteDictTypes,
  exportDictTypes,
  findDictType,
  insertDictType,
  listDictTypes,
  updateDictType,
} from './dict-type.repository.ts';

const listQuery = pageQuery.extend({
  dictName: optionalFilter(100),
  dictType: optionalFilter(100),
  status: flagFilter(),
});

/** Dictionary types: the enumerations screens pick from; their entries live in sys_dict_data. */
export function dictTypeRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const now = () => deps.clock.now();

  return async (app) => {
    const tags = ['system/dict'];
    app.get(
      '/system/dict/type/optionselect',
      { config: { perm: 'system:dict:list' }, schema: { tags, summary: 'Every dictionary type, for selects' } },
      async (req) => ok(req.lang, await allDictTypes(db, req.auth())),
    );

    app.delete(
      '/system/dict/type/refreshCache',
      {
        config: { perm: 'system:dict:remove', operLog: { title: 'dictionary types', businessType: 9 } },
        schema: { tags },
      },
      async (req) => {
        await clearDictCache(deps);
        return ok(req.lang);
      },
    );

    resourceRoutes(app, deps, {
      base: '/system/dict/type',
      perm: 'system:dict',
      // the dictionary-data page (system:dict:list) reads its type through the by-id call too
      perms: { query: { any: ['system:dict:query', 'system:dict:list'] } },
      tags,
      title: 'dictionary types',
      idName: 'dictId',
      idsName: 'dictIds',
      row: dictTypeRow,
      list: {
        query: listQuery,
        sortable: DICT_TYPE_SORTABLE,
        order: DICT_TYPE_ORDER,
        rows: (scope, q, page) => listDictTypes(db, scope, q, page),
      },
      get: (scope, id) => findDictType(db, scope, id),
      add: {
        body: dictTypeAddBody,
        run: (scope, body) => {
          requirePlatform(scope, 'system.platformOnly');
          return insertDictType(db, scope, now(), body);
        },
      },
      edit: {
        body: dictTypeEditBody,
        run: async (scope, { dictId, ...body }) => {
          requirePlatform(scope, 'system.platformOnly');
          await updateDictType(db, scope, now(), dictId, body);
          await clearDictCache(deps);
        },
      },
      remove: async (scope, ids) => {
        requirePlatform(scope, 'system.platformOnly');
        await deleteDictTypes(db, scope, ids);
        await clearDictCache(deps);
      },
      export: {
        sheet: ['字典类型', 'dictionary types'],
        columns: [
          ['dictId', '字典主键', 'Id', 10],
          ['dictName', '字典名称', 'Name', 24],
          ['dictNameEn', '英文名称', 'English name', 24],
          ['dictType', '字典类型', 'Type', 28],
          ['status', '状态', 'Status', 10, { dict: 'sys_normal_disable' }],
          ['createTime', '创建时间', 'Created', 20],
        ],
        rows: (scope, q) => exportDictTypes(db, scope, q),
      },
    });
  };
}
