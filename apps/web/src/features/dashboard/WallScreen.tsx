import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { DASHBOARD_CANVAS } from '@luxgrid/contracts/dashboard';
import { Button, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './dashboard.css';

/** The canvas's scale for a box: the whole 1920×1080 screen fits, in its proportions. */
export function canvasScale(width: number, height: number): number {
  if (width <= 0 || height <= 0) return 1;
  return Math.min(width / DASHBOARD_CANVAS.width, height / DASHBOARD_CANVAS.height);
}

function Clock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span data-testid="wall-clock">{now.format('YYYY-MM-DD HH:mm:ss')}</span>;
}

/**
 * A wall screen laid out for 1920×1080 and scaled whole to its box (the window in full screen):
 * the title with the customer's logo, a clock, a full-screen switch, then the panels.
 */
export function WallScreen({
  title,
  logo,
  children,
  testId,
}: {
  title: string;
  logo?: string;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState({ scale: 1, left: 0, top: 0 });
  const scale = fit.scale;
  const [full, setFull] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // the canvas sits in the middle of its box: the side the proportions leave over is shared
    const place = () => {
      const next = canvasScale(element.clientWidth, element.clientHeight);
      setFit({
        scale: next,
        left: Math.max(0, (element.clientWidth - DASHBOARD_CANVAS.width * next) / 2),
        top: Math.max(0, (element.clientHeight - DASHBOARD_CANVAS.height * next) / 2),
      });
    };
    place();
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(place) : null;
    observer?.observe(element);
    const onFull = () => setFull(document.fullscreenElement === element);
    document.addEventListener('fullscreenchange', onFull);
    return () => {
      observer?.disconnect();
      document.removeEventListener('fullscreenchange', onFull);
    };
  }, []);

  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void box.current?.requestFullscreen?.();
  };

  return (
    <div className="lx-wall" ref={box} data-testid={testId}>
      <div
        className="lx-wall-canvas"
        style={{
          width: DASHBOARD_CANVAS.width,
          height: DASHBOARD_CANVAS.height,
          left: fit.left,
          top: fit.top,
          transform: `scale(${scale})`,
        }}
        data-scale={scale.toFixed(3)}
      >
        <header className="lx-wall-header">
          <h1 data-testid="wall-title">
            {logo ? <img src={logo.split(',')[0]} alt="" /> : null}
            {title}
          </h1>
          <div className="lx-wall-clock">
            <Clock />
            <Tooltip title={full ? t('dashboard.exitFullScreen') : t('dashboard.fullScreen')}>
              <Button
                type="text"
                style={{ color: '#91caff' }}
                icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                onClick={toggle}
                aria-label={full ? t('dashboard.exitFullScreen') : t('dashboard.fullScreen')}
              />
            </Tooltip>
          </div>
        </header>
        {children}
      </div>
    </div>
  );
}

/** One panel of a wall screen. */
export function Panel({
  title,
  children,
  span = [1, 1],
  testId,
}: {
  title: string;
  children: ReactNode;
  /** columns and rows of the screen's grid it takes */
  span?: readonly [number, number];
  testId: string;
}) {
  return (
    <section
      className="lx-panel"
      style={{ gridColumn: `span ${span[0]}`, gridRow: `span ${span[1]}` }}
      data-testid={`panel-${testId}`}
    >
      <div className="lx-panel-title">{title}</div>
      <div className="lx-panel-body">{children}</div>
    </section>
  );
}
