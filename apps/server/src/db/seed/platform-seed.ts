import { createHash } from 'node:crypto';
import { DEFAULT_TILE_TEMPLATES, keyParamKey, tileParamKey } from '@luxgrid/contracts/basemap';
import { DICTS } from '@luxgrid/contracts/seed/dicts';
import { SYSTEMS } from '@luxgrid/contracts/seed/systems';
import type { MenuSeed } from '@luxgrid/contracts/seed/types';
import { eq, inArray } from 'drizzle-orm';
import { sysConfig } from '../../modules/system/config/config.table.ts';
import { sysDictData, sysDictType } from '../../modules/system/dict/dict.table.ts';
import { sysMenu } from '../../modules/system/menu/menu.table.ts';
import { sysPlatform, sysSystem } from '../../modules/tenant/subsystem/subsystem.table.ts';
import type { Db } from '../../platform/db.ts';
import { sysJob } from '../../platform/jobs/job.table.ts';

const MAP_NAMES = {
  gaode: ['高德', 'Gaode'],
  baidu: ['百度', 'Baidu'],
  tianditu: ['天地图', 'Tianditu'],
  google: ['谷歌', 'Google'],
  googleChina: ['谷歌中国', 'Google China'],
} as const;

/** The base maps: each map type's tile URL templates, and the Tianditu key (answered masked). */
const BASE_MAP_CONFIGS = [
  ...(Object.keys(MAP_NAMES) as (keyof typeof MAP_NAMES)[]).map((type) => ({
    configKey: tileParamKey(type),
    configNameEn: `Base map - ${MAP_NAMES[type][1]} tile URLs`,
    configValue: DEFAULT_TILE_TEMPLATES[type],
    configName: `底图-${MAP_NAMES[type][0]}瓦片地址`,
    remark: 'XYZ templates {x} {y} {z} ({key}: the map key), | between templates; hosts must be in CSP_EXTRA_SOURCES',
  })),
  {
    configKey: keyParamKey('tianditu'),
    configNameEn: 'Base map - Tianditu key',
    configValue: '',
    configName: '底图-天地图密钥',
    remark: 'the tk of Tianditu tiles',
  },
];

/** Built-in parameters (configType 'Y': cannot be deleted). */
export const BUILTIN_CONFIGS = [
  {
    configKey: 'sys.account.captchaEnabled',
    configNameEn: 'Sign-in - captcha switch',
    configValue: 'true',
    configName: '账号自助-验证码开关',
    remark: 'true 开启, false 关闭 / captcha on sign-in',
  },
  {
    configKey: 'sys.account.registerUser',
    configNameEn: 'Sign-in - self-registration switch',
    configValue: 'false',
    configName: '账号自助-是否开启用户注册功能',
    remark: 'true 开启, false 关闭 / self-registration',
  },
  {
    configKey: 'sys.user.initPassword',
    configNameEn: 'Users - initial password',
    configValue: 'Lux@2026',
    configName: '用户管理-账号初始密码',
    remark: 'initial password for new users',
  },
  {
    configKey: 'sys.index.enterSystem',
    configNameEn: 'Main frame - system entered after sign-in',
    configValue: 'sysclient',
    configName: '主框架页-登录后进入的系统',
    remark: 'encode of the system entered after sign-in',
  },
  {
    configKey: 'sys.index.skinName',
    configNameEn: 'Main frame - default skin',
    configValue: 'skin-blue',
    configName: '主框架页-默认皮肤样式名称',
    remark: '',
  },
  {
    configKey: 'sys.index.sideTheme',
    configNameEn: 'Main frame - sidebar theme',
    configValue: 'theme-dark',
    configName: '主框架页-侧边栏主题',
    remark: 'theme-dark / theme-light',
  },
  {
    configKey: 'sys.account.chrtype',
    configNameEn: 'Sign-in - password character set',
    configValue: '0',
    configName: '账号自助-密码字符范围',
    remark: '0 any, 1 digits, 2 letters, 3 letters and digits',
  },
  {
    configKey: 'sys.login.blackIPList',
    configNameEn: 'Sign-in - blocked IP list',
    configValue: '',
    configName: '用户登录-黑名单列表',
    remark: 'semicolon separated, * wildcards',
  },
  ...BASE_MAP_CONFIGS,
];

/**
 * Built-in scheduled jobs (Monitor → Jobs), added once by their handler: administrators may edit,
 * pause or delete them, and a job deleted stays deleted until the seed itself changes.
 */
export const BUILTIN_JOBS = [
  {
    jobName: '控制器每日校时',
    jobGroup: 'SYSTEM',
    invokeTarget: 'lighting.timeSync',
    cronExpression: '0 0/15 * * * ?',
    misfirePolicy: '3',
    concurrent: '1',
    remark: "Daily clock sync of the lamp controllers that hold schedules, at 03:00 in each project's time zone",
  },
];

const seedVersion = () =>
  createHash('sha256')
    .update(JSON.stringify([SYSTEMS, DICTS, BUILTIN_CONFIGS, BUILTIN_JOBS]))
    .digest('hex')
    .slice(0, 16);

/** Subsystems, the whole menu tree, dictionaries and built-in parameters; skipped when unchanged. */
export async function seedPlatform(db: Db): Promise<{ changed: boolean }> {
  const version = seedVersion();
  const [marker] = await db.select().from(sysConfig).where(eq(sysConfig.configKey, 'sys.seed.version'));
  if (marker?.configValue === version) return { changed: false };

  await db
    .insert(sysSystem)
    .values(
      SYSTEMS.map((s) => ({
        systemId: s.id,
        encode: s.encode,
        name: s.name,
        nameEn: s.nameEn,
        icon: s.icon,
        url: s.url,
        orderNum: s.orderNum,
        createBy: 'system',
      })),
    )
    .onConflictDoNothing();

  for (const system of SYSTEMS) await seedMenus(db, system.id, system.menus);

  await db
    .insert(sysDictType)
    .values(DICTS.map((d) => ({ dictName: d.name, dictNameEn: d.nameEn, dictType: d.type, createBy: 'system' })))
    .onConflictDoNothing();
  await db
    .insert(sysDictData)
    .values(
      DICTS.flatMap((d) =>
        d.items.map((item, index) => ({
          dictType: d.type,
          dictSort: index + 1,
          dictLabel: item.label,
          dictLabelEn: item.labelEn,
          dictValue: item.value,
          listClass: item.listClass ?? '',
          cssClass: item.cssClass ?? '',
          isDefault: item.isDefault ? 'Y' : 'N',
          createBy: 'system',
        })),
      ),
    )
    .onConflictDoNothing();

  await db
    .insert(sysConfig)
    .values(BUILTIN_CONFIGS.map((c) => ({ ...c, configType: 'Y', createBy: 'system' })))
    .onConflictDoNothing();
  await db
    .insert(sysPlatform)
    .values({
      id: 1,
      platformName: '智慧路灯运营管理平台',
      platformNameEn: 'Luxgrid Smart Lighting',
      homePage: 'Index',
      copyright: '© Luxgrid',
      createBy: 'system',
    })
    .onConflictDoNothing();
  for (const job of BUILTIN_JOBS) {
    const [seeded] = await db
      .select({ id: sysJob.jobId })
      .from(sysJob)
      .where(eq(sysJob.invokeTarget, job.invokeTarget));
    if (!seeded) await db.insert(sysJob).values({ ...job, status: '0', createBy: 'system' });
  }
  await db
    .insert(sysConfig)
    .values({
      configKey: 'sys.seed.version',
      configValue: version,
      configName: '初始数据版本',
      configType: 'Y',
      createBy: 'system',
    })
    .onConflictDoUpdate({ target: sysConfig.configKey, set: { configValue: version } });
  return { changed: true };
}

/** Inserts missing menus level by level (one statement per level); edits made by administrators are kept. */
async function seedMenus(db: Db, systemId: number, roots: readonly MenuSeed[]) {
  let level: { menu: MenuSeed; parentKey: string | null; order: number }[] = roots.map((menu, i) => ({
    menu,
    parentKey: null,
    order: i + 1,
  }));
  while (level.length) {
    const parentKeys = [...new Set(level.map((l) => l.parentKey).filter((k): k is string => k !== null))];
    const parents = parentKeys.length
      ? await db
          .select({ id: sysMenu.menuId, key: sysMenu.menuKey })
          .from(sysMenu)
          .where(inArray(sysMenu.menuKey, parentKeys))
      : [];
    const parentId = new Map(parents.map((p) => [p.key, p.id]));
    await db
      .insert(sysMenu)
      .values(
        level.map(({ menu, parentKey, order }) => ({
          menuKey: menu.key,
          systemId,
          menuName: menu.name,
          menuNameEn: menu.nameEn,
          parentId: parentKey ? (parentId.get(parentKey) ?? 0) : 0,
          orderNum: order,
          path: menu.path ?? '',
          component: menu.component ?? null,
          query: menu.query ?? '',
          isFrame: menu.isFrame ? '0' : '1',
          isCache: menu.isCache === false ? '1' : '0',
          menuType: menu.type,
          visible: menu.visible ?? '0',
          perms: menu.perms ?? '',
          icon: menu.icon ?? '#',
          createBy: 'system',
        })),
      )
      .onConflictDoNothing();
    level = level.flatMap(({ menu }) =>
      (menu.children ?? []).map((child, i) => ({ menu: child, parentKey: menu.key, order: i + 1 })),
    );
  }
}
