import { BellOutlined } from '@ant-design/icons';
import type { LiveAlarm } from '@luxgrid/contracts/live';
import { App, Badge, Button, Tooltip } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session } from '../../app/session';
import { useShellRoutes } from '../../app/shell-context';
import { onPush } from '../../app/socket';
import { type DictItem, useDict } from '../../shared/dict';
import { useHasPermi } from '../../shared/perms';
import { useStore } from '../../shared/store';
import { alarmApi } from './api';
import { useAlarmKindLabel } from './kinds';

/**
 * Browsers refuse to play sound before the user has interacted with the page: the first click or
 * key press anywhere unlocks it. Until then a new alarm still shows, silently.
 */
let audio: AudioContext | null = null;
let interacted = false;
function unlockSound() {
  interacted = true;
  if (!audio && typeof AudioContext !== 'undefined') audio = new AudioContext();
  void audio?.resume().catch(() => undefined);
}
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', unlockSound, { once: true, capture: true });
  window.addEventListener('keydown', unlockSound, { once: true, capture: true });
}

/** Two short tones, as an alarm annunciator sounds. */
export function playAlarmSound(): boolean {
  if (!interacted || !audio) return false;
  const start = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.25, 660],
  ] as const) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.2);
    osc.connect(gain).connect(audio.destination);
    osc.start(start + offset);
    osc.stop(start + offset + 0.2);
  }
  return true;
}

/** The navbar's bell: unacknowledged alarms of the chosen customer and project, live; new alarms notify (with sound when set). */
export function AlarmBadge() {
  const allowed = useHasPermi(['lighting:alarm:list']);
  return allowed ? <AlarmBell /> : null;
}

function AlarmBell() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const { leaves } = useShellRoutes();
  const grades = useDict('alarm_grade');
  const kindLabel = useAlarmKindLabel();
  const projectId = useStore(session, (state) => state.currentProject?.id ?? null);
  const [count, setCount] = useState(0);
  const [flood, setFlood] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const path = leaves.find((route) => route.component === 'lighting/alarm/index')?.path;

  const load = useCallback(() => {
    alarmApi
      .counts()
      .then(({ data }) => {
        setCount(data.unacknowledged);
        setFlood(data.flood);
      })
      .catch(() => undefined);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the counts follow the chosen project
  useEffect(() => load(), [load, projectId]);

  const labelOf = (options: readonly DictItem[], value: string) =>
    options.find((o) => o.dictValue === value)?.dictLabel ?? value;
  const notify = useRef<(items: LiveAlarm[]) => void>(() => undefined);
  notify.current = (items) => {
    const raised = items.filter((item) => item.action === 'NEW');
    for (const item of raised.slice(0, 3))
      notification.warning({
        key: `alarm-${item.alarmId}`,
        message: t('ltAlarm.notifyTitle', { type: kindLabel(item.alarmConfigType) }),
        description: t('ltAlarm.notifyBody', {
          device: item.deviceName,
          uid: item.uid,
          grade: labelOf(grades, item.grade),
        }),
        placement: 'bottomRight',
        onClick: () => path && navigate(path),
      });
    if (raised.some((item) => item.sound)) playAlarmSound();
  };

  useEffect(
    () =>
      onPush((message) => {
        if (message.type !== 'alarm.update') return;
        notify.current(message.items);
        // a burst of alarms is counted once
        if (timer.current) return;
        timer.current = setTimeout(() => {
          timer.current = null;
          load();
        }, 500);
      }),
    [load],
  );

  return (
    <Tooltip title={flood ? `${t('ltAlarm.badge')} · ${t('ltAlarm.flood')}` : t('ltAlarm.badge')}>
      <Badge count={count} size="small" overflowCount={999} offset={[-4, 4]} data-testid="alarm-badge-count">
        <Button
          type="text"
          icon={<BellOutlined style={flood ? { color: '#F56C6C' } : undefined} />}
          onClick={() => path && navigate(path)}
          aria-label={t('ltAlarm.badge')}
          data-testid="alarm-badge"
        />
      </Badge>
    </Tooltip>
  );
}
