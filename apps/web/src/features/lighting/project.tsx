import type { GroupRow, LocationRow, TagRow } from '@luxgrid/contracts/answers';
import { Empty } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../app/session';
import { useStore } from '../../shared/store';
import type { Project } from '../auth/types';
import { groupApi, locationApi, tagApi } from './api';

/** The project every lighting screen works in (the navbar's project selector). */
export function useProject(): Project | null {
  return useStore(session, (state) => state.currentProject);
}

export function useProjectId(): number | null {
  const project = useProject();
  return project ? Number(project.id) : null;
}

/** Lighting screens need a project; without one they say so instead of showing empty tables. */
export function NeedProject({ children, testId }: { children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const project = useProject();
  if (!project)
    return (
      <div className="lx-page" data-testid={testId}>
        <Empty description={t('ltCommon.projectRequired')} />
      </div>
    );
  return children;
}

function useProjectList<T>(load: (projectId: number) => Promise<T[]>, version = 0): T[] {
  const projectId = useProjectId();
  const [rows, setRows] = useState<T[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader is static per call site; version reloads
  useEffect(() => {
    if (!projectId) {
      setRows([]);
      return;
    }
    let alive = true;
    load(projectId)
      .then((list) => {
        if (alive) setRows(list);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [projectId, version]);
  return rows;
}

/** The project's tags, groups and location points for pickers and filters (at most 500 each). */
export const useTags = (version = 0) =>
  useProjectList<TagRow>(
    async (projectId) => (await tagApi.list({ projectId, pageSize: 500 }, { silent: true })).rows,
    version,
  );
export const useGroups = (version = 0) =>
  useProjectList<GroupRow>(
    async (projectId) => (await groupApi.list({ projectId, pageSize: 500 }, { silent: true })).rows,
    version,
  );
export const useLocations = (version = 0) =>
  useProjectList<LocationRow>(
    async (projectId) => (await locationApi.list({ projectId, pageSize: 500 }, { silent: true })).rows,
    version,
  );
