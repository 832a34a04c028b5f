import {
  CloseCircleOutlined,
  CloseOutlined,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CONTEXT_MENU_WIDTH, TAB_SCROLL_PADDING } from '../../shared/constants';
import { useStore } from '../../shared/store';
import { type CloseKind, closeViews, HOME_VIEW_PATH, tags, type VisitedView } from '../tags';

/** Tabs of visited views with a context menu; affixed tabs stay (spec §2). */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const views = useStore(tags, (state) => state.views);
  const active = location.pathname;

  const refresh = (view: VisitedView) => navigate(`/redirect${view.fullPath}`, { replace: true });

  const close = (kind: CloseKind, view: VisitedView) => {
    const fallback = closeViews(kind, view.path, active);
    if (tags.get().views.some((item) => item.path === active)) return;
    // the open page was closed: keep the clicked tab for others/left/right, else the last tab left
    if (kind === 'others' || kind === 'left' || kind === 'right') navigate(view.fullPath);
    else navigate(fallback?.fullPath ?? '/');
  };

  const menuFor = (view: VisitedView, index: number) => {
    const hasLeft = views.slice(0, index).some((item) => !item.affix);
    const hasRight = views.slice(index + 1).some((item) => !item.affix);
    return {
      style: { minWidth: CONTEXT_MENU_WIDTH },
      items: [
        { key: 'refresh', icon: <ReloadOutlined />, label: t('tags.refresh') },
        { key: 'current', icon: <CloseOutlined />, label: t('tags.closeCurrent'), disabled: view.affix },
        { key: 'others', icon: <CloseCircleOutlined />, label: t('tags.closeOthers') },
        { key: 'left', icon: <VerticalRightOutlined />, label: t('tags.closeLeft'), disabled: !hasLeft },
        { key: 'right', icon: <VerticalLeftOutlined />, label: t('tags.closeRight'), disabled: !hasRight },
        { key: 'all', icon: <CloseCircleOutlined />, label: t('tags.closeAll') },
      ],
      onClick: ({ key }: { key: string }) => {
        if (key === 'refresh') refresh(view);
        else close(key as CloseKind, view);
      },
    };
  };

  return (
    <div className="lx-tags" data-testid="tags-view">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        tabBarGutter={TAB_SCROLL_PADDING}
        onChange={(key) => {
          const view = views.find((item) => item.path === key);
          if (view) navigate(view.fullPath);
        }}
        onEdit={(key, action) => {
          if (action !== 'remove') return;
          const view = views.find((item) => item.path === key);
          if (view) close('current', view);
        }}
        items={views.map((view, index) => ({
          key: view.path,
          closable: !view.affix,
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(view, index)}>
              <span data-testid={`tag-${view.path}`}>
                {view.path === HOME_VIEW_PATH ? t('routes.home') : view.title}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
