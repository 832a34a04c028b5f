import {
  deviceModelBody,
  deviceModelRow,
  groupBody,
  groupRow,
  locationBody,
  locationRow,
  rule,
  serverBody,
  serverRow,
  tagBody,
  tagRow,
} from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { fail } from '../../../platform/errors.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { parseIdList, resourceRoutes } from '../../../platform/resource-routes.ts';
import type { Scope } from '../../../platform/scope.ts';
import { projectInScope } from '../device/device.service.ts';
import { registryRepository } from './registry.repository.ts';

const listQuery = pageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  name: z.string().max(64).optional(),
  deviceType: z.string().max(20).optional(),
  kind: z.string().max(10).optional(),
});

/** An edit names its record; the shared add/edit body leaves the id optional. */
function idOf(id: number | undefined, field: string): number {
  if (!id) throw fail('valid.required', { field });
  return id;
}

/** Models, tags, groups (with members), location points and servers. */
export function registryRoutes(deps: Deps): FastifyPluginAsyncZod {
  const repo = registryRepository(deps.database);
  const now = () => deps.clock.now();
  const project = (scope: Scope, projectId: number) => projectInScope(deps, scope, projectId);

  return async (app) => {
    resourceRoutes(app, deps, {
      base: '/lighting/model',
      perm: 'lighting:model',
      tags: ['lighting/model'],
      title: 'device models',
      row: deviceModelRow,
      list: {
        query: listQuery,
        sortable: repo.models.sortable,
        order: repo.models.order,
        rows: repo.models.list,
      },
      get: repo.models.find,
      add: { body: deviceModelBody, run: (scope, body) => repo.models.insert(scope, now(), body) },
      edit: {
        body: deviceModelBody,
        run: (scope, body) => repo.models.update(scope, now(), idOf(body.modelId, 'modelId'), body),
      },
      remove: repo.models.remove,
      export: {
        sheet: ['设备型号', 'device models'],
        columns: [
          ['modelId', '型号编号', 'Model id', 10],
          ['name', '型号名称', 'Model name', 24],
          ['deviceType', '设备类型', 'Device type', 16, { dict: 'lighting_device_type' }],
          ['commType', '通信方式', 'Communication', 14, { dict: 'lighting_comm_type' }],
          ['directiveScheme', '指令方案', 'Directive scheme', 18, { dict: 'lighting_directive_scheme' }],
          ['connectMode', '接入方式', 'Connection', 12, { dict: 'lighting_connect_mode' }],
          ['rtuProtocol', 'RTU协议', 'RTU protocol', 16, { dict: 'lighting_rtu_protocol' }],
          ['lampHeadLimit', '灯头上限', 'Lamp-head limit', 12],
          ['channelCount', '通道数', 'Channels', 10],
          ['manufacturer', '厂家', 'Manufacturer', 18],
          ['remark', '备注', 'Remark', 24],
          ['createTime', '创建时间', 'Created', 20],
        ],
        rows: repo.models.exportRows,
      },
    });

    resourceRoutes(app, deps, {
      base: '/lighting/tag',
      perm: 'lighting:tag',
      tags: ['lighting/tag'],
      title: 'tags',
      row: tagRow,
      list: { query: listQuery, sortable: repo.tags.sortable, order: repo.tags.order, rows: repo.tags.list },
      add: {
        body: tagBody,
        run: async (scope, body) => repo.tags.insert(scope, now(), await project(scope, body.projectId), body),
      },
      edit: { body: tagBody, run: (scope, body) => repo.tags.update(scope, now(), idOf(body.tagId, 'tagId'), body) },
      remove: repo.tags.remove,
    });

    const groupTags = ['lighting/group'];
    resourceRoutes(app, deps, {
      base: '/lighting/group',
      perm: 'lighting:group',
      tags: groupTags,
      title: 'groups',
      row: groupRow,
      list: {
        query: listQuery,
        sortable: repo.groups.sortable,
        order: repo.groups.order,
        rows: repo.groups.list,
      },
      add: {
        body: groupBody,
        run: async (scope, body) => repo.groups.insert(scope, now(), await project(scope, body.projectId), body),
      },
      edit: {
        body: groupBody,
        run: (scope, body) => repo.groups.update(scope, now(), idOf(body.groupId, 'groupId'), body),
      },
      remove: repo.groups.remove,
      export: {
        sheet: ['分组', 'groups'],
        columns: [
          ['groupId', '分组编号', 'Group id', 10],
          ['name', '分组名称', 'Group name', 24],
          ['groupNo', '组号', 'Group number', 12],
          ['memberCount', '成员数', 'Members', 10],
          ['remark', '备注', 'Remark', 24],
          ['createTime', '创建时间', 'Created', 20],
        ],
        rows: repo.groups.exportRows,
      },
    });
    app.post(
      '/lighting/group/:id/members',
      {
        config: { perm: 'lighting:group:edit', operLog: { title: 'group members', businessType: 2 } },
        schema: {
          tags: groupTags,
          summary: 'Add devices to a group',
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: z.object({
            deviceIds: z
              .array(z.coerce.number().int().positive())
              .min(1, { error: rule('lighting.select.first') })
              .max(100_000),
          }),
        },
      },
      async (req) => {
        await repo.groups.addMembers(req.auth(), req.params.id, req.body.deviceIds);
        return ok(req.lang);
      },
    );
    app.delete(
      '/lighting/group/:id/members/:deviceIds',
      {
        config: { perm: 'lighting:group:edit', operLog: { title: 'group members', businessType: 3 } },
        schema: {
          tags: groupTags,
          params: z.object({
            id: z.coerce.number().int().positive(),
            deviceIds: z.string().regex(/^\d{1,15}(,\d{1,15})*$/),
          }),
        },
      },
      async (req) => {
        await repo.groups.removeMembers(req.auth(), req.params.id, parseIdList(req.params.deviceIds));
        return ok(req.lang);
      },
    );

    resourceRoutes(app, deps, {
      base: '/lighting/location',
      perm: 'lighting:location',
      tags: ['lighting/location'],
      title: 'location points',
      row: locationRow,
      list: {
        query: listQuery,
        sortable: repo.locations.sortable,
        order: repo.locations.order,
        rows: repo.locations.list,
      },
      add: {
        body: locationBody,
        run: async (scope, body) => repo.locations.insert(scope, now(), await project(scope, body.projectId), body),
      },
      edit: {
        body: locationBody,
        run: (scope, body) => repo.locations.update(scope, now(), idOf(body.locationId, 'locationId'), body),
      },
      remove: repo.locations.remove,
      export: {
        sheet: ['位置点', 'location points'],
        columns: [
          ['name', '位置点名称', 'Location name', 24],
          [
            'kind',
            '类型',
            'Kind',
            18,
            {
              fixed: {
                CABINET: ['配电柜', 'Distribution cabinet'],
                POLE: ['灯杆位', 'Pole site'],
                OTHER: ['其他', 'Other'],
              },
            },
          ],
          ['longitude', '经度', 'Longitude', 14],
          ['latitude', '纬度', 'Latitude', 14],
          ['located', '定位状态', 'Location state', 12, { dict: 'lighting_location_state' }],
          ['address', '地址', 'Address', 30],
          ['remark', '备注', 'Remark', 24],
          ['createTime', '创建时间', 'Created', 20],
        ],
        rows: repo.locations.exportRows,
      },
    });

    resourceRoutes(app, deps, {
      base: '/lighting/server',
      perm: 'lighting:server',
      tags: ['lighting/server'],
      title: 'servers',
      row: serverRow,
      list: {
        query: listQuery,
        sortable: repo.servers.sortable,
        order: repo.servers.order,
        rows: repo.servers.list,
      },
      add: { body: serverBody, run: (scope, body) => repo.servers.insert(scope, now(), body) },
      edit: {
        body: serverBody,
        run: (scope, body) => repo.servers.update(scope, now(), idOf(body.serverId, 'serverId'), body),
      },
      remove: repo.servers.remove,
    });
  };
}
