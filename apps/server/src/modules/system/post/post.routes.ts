import { postAddBody, postEditBody, postRow } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { flagFilter, optionalFilter } from '../../../platform/params.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import {
  deletePosts,
  enabledPosts,
  exportPosts,
  findPost,
  insertPost,
  listPosts,
  POST_ORDER,
  POST_SORTABLE,
  updatePost,
} from './post.repository.ts';

const listQuery = pageQuery.extend({
  postCode: optionalFilter(64),
  postName: optionalFilter(50),
  status: flagFilter(),
});

/** Positions (posts) of each customer: code and name unique within the customer. */
export function postRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const now = () => deps.clock.now();

  return async (app) => {
    const tags = ['system/post'];
    app.get(
      '/system/post/optionselect',
      { config: { perm: { any: ['system:post:list', 'system:user:query'] } }, schema: { tags } },
      async (req) => ok(req.lang, await enabledPosts(db, req.auth())),
    );

    resourceRoutes(app, deps, {
      base: '/system/post',
      perm: 'system:post',
      tags,
      title: 'positions',
      idName: 'postId',
      idsName: 'postIds',
      row: postRow,
      list: {
        query: listQuery,
        sortable: POST_SORTABLE,
        order: POST_ORDER,
        rows: (scope, q, page) => listPosts(db, scope, q, page),
      },
      get: (scope, id) => findPost(db, scope, id),
      add: { body: postAddBody, run: (scope, body) => insertPost(db, scope, now(), body) },
      edit: {
        body: postEditBody,
        run: (scope, { postId, ...values }) => updatePost(db, scope, now(), postId, values),
      },
      remove: (scope, ids) => deletePosts(db, scope, ids),
      export: {
        sheet: ['岗位数据', 'positions'],
        columns: [
          ['postId', '岗位序号', 'Position id', 10],
          ['postCode', '岗位编码', 'Code', 20],
          ['postName', '岗位名称', 'Name', 20],
          ['postSort', '岗位排序', 'Order', 10],
          ['status', '状态', 'Status', 10, { dict: 'sys_normal_disable' }],
          ['createTime', '创建时间', 'Created', 20],
        ],
        rows: (scope, q) => exportPosts(db, scope, q),
      },
    });
  };
}
