import { App } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { authApi } from '../../features/auth/api';
import type { Customer, Project } from '../../features/auth/types';
import { ALL_CUSTOMERS_ID } from '../../shared/constants';
import { DraggableDialog } from '../../shared/DraggableDialog';
import { SearchTree, type SearchTreeNode } from '../../shared/SearchTree';
import { useStore } from '../../shared/store';
import { allCustomersEntry, session, switchCustomer, switchProject } from '../session';

const customerKey = (id: number) => `c:${id}`;
const projectKey = (id: number) => `p:${id}`;
const ALL_KEY = customerKey(ALL_CUSTOMERS_ID);

/**
 * Customer → project picker opened from the project name in the navbar. Platform users (no
 * customer of their own) may also choose "all customers": every customer's records, and the
 * platform's own (its users' sign-ins and operations), with no project.
 */
export function ProjectSelector({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const customers = useStore(session, (state) => state.customers);
  const current = useStore(session, (state) => state.currentProject);
  const currentCustomer = useStore(session, (state) => state.currentCustomer);
  const platformUser = useStore(session, (state) => !!state.user && !state.user.clientId);
  const [projectsByCustomer, setProjectsByCustomer] = useState<Record<number, Project[]>>({});
  const [selected, setSelected] = useState<{ customer: Customer; project: Project | null } | null>(null);

  useEffect(() => {
    if (!open) setSelected(null);
  }, [open]);

  const nodes = useMemo<SearchTreeNode[]>(
    () => [
      ...(platformUser
        ? [{ key: ALL_KEY, title: t('customer.all'), isLeaf: true, data: allCustomersEntry() } as SearchTreeNode]
        : []),
      ...customers
        .filter((customer) => customer.id !== ALL_CUSTOMERS_ID)
        .map((customer) => ({
          key: customerKey(customer.id),
          title: customer.expire ? `${customer.name} (${t('customer.expired')})` : customer.name,
          data: customer,
          children: projectsByCustomer[customer.id]?.map((project) => ({
            key: projectKey(project.id),
            title: project.name,
            isLeaf: true,
            data: { customer, project },
          })),
        })),
    ],
    [customers, projectsByCustomer, platformUser, t],
  );

  const loadProjects = async (node: SearchTreeNode) => {
    const customer = node.data as Customer;
    if (projectsByCustomer[customer.id]) return;
    const { data } = await authApi.customerProjects(customer.id);
    setProjectsByCustomer((map) => ({ ...map, [customer.id]: data ?? [] }));
    if (!data?.length) message.warning(t('session.noProjects'));
  };

  const onSelect = (node: SearchTreeNode) => {
    if (node.key === ALL_KEY) {
      setSelected({ customer: node.data as Customer, project: null });
      return;
    }
    if (node.key.startsWith('c:')) {
      const customer = node.data as Customer;
      if (customer.expire) message.warning(t('session.customerExpired'));
      else message.info(t('project.selectProject'));
      return;
    }
    const pick = node.data as { customer: Customer; project: Project };
    if (pick.customer.expire) {
      message.warning(t('session.customerExpired'));
      return;
    }
    setSelected(pick);
  };

  const apply = async () => {
    if (!selected) {
      message.warning(t('project.selectProject'));
      return;
    }
    if (String(selected.customer.id) !== String(currentCustomer?.id)) await switchCustomer(selected.customer);
    if (selected.project) switchProject(selected.project);
    message.success(t('project.switched', { name: selected.project?.name ?? selected.customer.name }));
    onClose();
    navigate(`/redirect${location.pathname}${location.search}`, { replace: true });
  };

  return (
    <DraggableDialog
      open={open}
      title={t('project.selectTitle')}
      width={560}
      onCancel={onClose}
      onOk={apply}
      testId="project-selector"
    >
      <p style={{ marginTop: 0 }}>
        {t('project.current')}:{' '}
        <b>{current?.name ?? (currentCustomer?.id === ALL_CUSTOMERS_ID ? t('customer.all') : t('navbar.noProject'))}</b>
        {selected && (
          <>
            {' → '}
            <b>{selected.project?.name ?? selected.customer.name}</b>
          </>
        )}
      </p>
      <SearchTree
        nodes={nodes}
        selectedKey={selected ? (selected.project ? projectKey(selected.project.id) : ALL_KEY) : undefined}
        onSelect={onSelect}
        loadData={loadProjects}
        placeholder={t('project.searchPlaceholder')}
        height={320}
      />
    </DraggableDialog>
  );
}
