import { PlusOutlined } from '@ant-design/icons';
import { Button, Select, Space, type TableColumnType } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../app/layout/icons';
import { session } from '../../../app/session';
import { menuApi, type SysMenu } from '../../../features/system/menu-api';
import type { Nested } from '../../../features/system/tree';
import { SYSTEM_ID } from '../../../shared/constants';
import { HasPermi } from '../../../shared/perms';
import { useStore } from '../../../shared/store';
import { actionsColumn, column, DictCell, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { RowActions, useConfirmRemove } from '../../../shared/table/crud';
import { TreeTable, type TreeTableRef } from '../../../shared/table/TreeTable';
import { MenuFormDialog } from './components/MenuFormDialog';

type MenuRow = Nested<SysMenu>;
const PERM = 'system:menu';

/** Menus (system/menu): the tree of catalogues, menus and buttons of one subsystem. */
export function MenuPage() {
  const { t } = useTranslation();
  const systems = useStore(session, (state) => state.systems);
  const tree = useRef<TreeTableRef>(null);
  /** the subsystem shown and its whole tree: parent choices of the form while a search narrows the table */
  const [shown, setShown] = useState<{ systemId: number; all: SysMenu[] }>({ systemId: SYSTEM_ID, all: [] });
  const [dialog, setDialog] = useState<{ menuId?: number; parentId?: number } | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const reload = () => void tree.current?.reload();
  const remove = useConfirmRemove(
    (ids) => menuApi.remove(ids[0]),
    (name) => t('menu.deleteConfirm', { name }),
    null,
    reload,
  );

  const load = async (filters: Record<string, unknown>) => {
    const systemId = Number(filters.systemId ?? SYSTEM_ID);
    const narrowed = !!(filters.menuName || filters.status);
    try {
      const [res, all] = await Promise.all([menuApi.list(filters), narrowed ? menuApi.list({ systemId }) : null]);
      const rows = res.data ?? [];
      setShown({ systemId, all: all ? (all.data ?? []) : rows });
      return rows;
    } catch (error) {
      setShown({ systemId, all: [] });
      throw error;
    }
  };

  const columns: TableColumnType<MenuRow>[] = [
    textColumn<MenuRow>('title', t('menu.menuName'), {
      key: 'menuName',
      width: 260,
      render: (value: string, row) => (
        <span data-testid={`menu-row-${row.menuId}`}>
          {menuIcon(row.icon)} {value || row.menuName}
        </span>
      ),
    }),
    column<MenuRow>('orderNum', t('sysCommon.sort'), { width: 90 }),
    textColumn<MenuRow>('perms', t('menu.perms'), { width: 200 }),
    textColumn<MenuRow>('component', t('menu.component'), { width: 200 }),
    dictColumn<MenuRow>('menuType', t('menu.menuType'), 'sys_menu_type'),
    column<MenuRow>('visible', t('menu.visible'), {
      width: 90,
      render: (value: string, row) =>
        row.menuType === 'F' ? null : <DictCell dictType="sys_show_hide" value={value} />,
    }),
    dictColumn<MenuRow>('status', t('menu.status'), 'sys_normal_disable'),
    timeColumn<MenuRow>('createTime', t('common.createTime')),
    actionsColumn<MenuRow>(t('common.actions'), 220, (row) => (
      <Space size={0}>
        <RowActions
          perm={PERM}
          editNeedsQuery
          editTestId={`menu-edit-${row.menuId}`}
          onEdit={() => setDialog({ menuId: row.menuId })}
        />
        {row.menuType !== 'F' && (
          <HasPermi value={['system:menu:add']}>
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ parentId: row.menuId })}
              data-testid={`menu-add-child-${row.menuId}`}
            >
              {t('common.add')}
            </Button>
          </HasPermi>
        )}
        <RowActions perm={PERM} onRemove={() => remove([row.menuId!], row.title || row.menuName)} />
      </Space>
    )),
  ];

  return (
    <div className="lx-page" data-testid="menu-page">
      <TreeTable<SysMenu>
        ref={tree}
        testId="menu"
        rowKey="menuId"
        load={load}
        idOf={(row) => row.menuId!}
        parentOf={(row) => row.parentId}
        expand="none"
        fixedFilters={{ systemId: SYSTEM_ID }}
        columns={columns}
        empty={t('menu.empty')}
        searchFields={[
          {
            type: 'custom',
            name: 'systemId',
            label: t('menu.system'),
            render: (submit) => (
              <Select
                showSearch
                optionFilterProp="label"
                style={{ width: 200 }}
                options={
                  systems.length
                    ? systems.map((system) => ({ label: system.name, value: Number(system.id) }))
                    : [{ label: String(SYSTEM_ID), value: SYSTEM_ID }]
                }
                onChange={submit}
                data-testid="menu-system"
              />
            ),
          },
          { type: 'input', name: 'menuName', label: t('menu.menuName') },
          { type: 'select', name: 'status', label: t('menu.status'), dictType: 'sys_normal_disable', width: 160 },
        ]}
        toolbar={
          <HasPermi value={['system:menu:add']}>
            <Button
              type="primary"
              ghost
              icon={<PlusOutlined />}
              onClick={() => setDialog({ parentId: 0 })}
              data-testid="menu-add"
            >
              {t('common.add')}
            </Button>
          </HasPermi>
        }
      />
      <MenuFormDialog
        open={!!dialog}
        menuId={dialog?.menuId}
        parentId={dialog?.parentId}
        systemId={shown.systemId}
        menus={shown.all}
        onClose={closeDialog}
        onSaved={reload}
      />
    </div>
  );
}
