/** Settings of the device hub; the defaults are the server's. */
export interface DeviceHubOptions {
  topicRoot?: string;
  /** flush buffered telemetry every this many ms … */
  flushMs?: number;
  /**
   * … or this many ms after a device message started waiting for its acknowledgement, together
   * with whatever else arrived meanwhile (devices that keep one message in flight are not held
   * for a whole flush period)
   */
  ackWithinMs?: number;
  /** … or as soon as this many rows are waiting */
  flushRows?: number;
  /** the latest-state table is written at most this often by the timed flushes (history goes every flush) */
  stateFlushMs?: number;
  /** a device not heard from for this long is offline */
  heartbeatTimeoutMs?: number;
  sweepMs?: number;
  /** a SENT or DELIVERED command without a result after this long times out */
  resultTimeoutMs?: number;
  /** rows kept in memory at most while the database is behind; beyond it telemetry is dropped and counted */
  maxBufferedRows?: number;
  /** start the timers (tests drive flush() and sweep() themselves) */
  timers?: boolean;
}

export type HubSettings = Required<Omit<DeviceHubOptions, 'topicRoot'>>;

export function hubSettings(options: DeviceHubOptions): HubSettings {
  return {
    flushMs: options.flushMs ?? 500,
    ackWithinMs: options.ackWithinMs ?? 50,
    flushRows: options.flushRows ?? 5_000,
    stateFlushMs: options.stateFlushMs ?? 1_000,
    heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? 180_000,
    sweepMs: options.sweepMs ?? 10_000,
    resultTimeoutMs: options.resultTimeoutMs ?? 60_000,
    maxBufferedRows: options.maxBufferedRows ?? 200_000,
    timers: options.timers ?? true,
  };
}

/** Counters of the hub since it started, shown by /health and the gateway page. */
export interface HubStats {
  received: number;
  accepted: number;
  readings: number;
  rejected: {
    malformed: number;
    badTopic: number;
    unknownDevice: number;
    foreignProject: number;
    notChild: number;
    tooLarge: number;
    /** a device published on a topic that is not its own (the embedded broker also ends its connection) */
    foreignTopic: number;
    /** a retained device message: ignored, whether live or replayed by a broker */
    retained: number;
    /** a `ts` that is not epoch milliseconds (seconds, or more than a day ahead of the platform's clock) */
    badTimestamp: number;
  };
  /** device events whose type the device's type does not declare in the thing model (not stored) */
  refusedEvents: number;
  /** reading values not stored: a name the device's type does not declare, or a value not of its kind or range */
  refusedValues: { unknown: number; outOfRange: number };
  dropped: number;
  /** device messages not acknowledged because the write holding them failed (the device sends them again) */
  unacknowledged: number;
  flushes: number;
  rowsWritten: number;
  flushErrors: number;
  lastFlushMs: number;
  commandsSent: number;
  acks: number;
  results: number;
  /** cancel messages sent to devices for commands they had already taken, and the cancels they confirmed */
  cancelsSent: number;
  cancelsConfirmed: number;
  authAccepted: number;
  authRejected: number;
  wentOnline: number;
  wentOffline: number;
}

export const newStats = (): HubStats => ({
  received: 0,
  accepted: 0,
  readings: 0,
  rejected: {
    malformed: 0,
    badTopic: 0,
    unknownDevice: 0,
    foreignProject: 0,
    notChild: 0,
    tooLarge: 0,
    foreignTopic: 0,
    retained: 0,
    badTimestamp: 0,
  },
  refusedEvents: 0,
  refusedValues: { unknown: 0, outOfRange: 0 },
  dropped: 0,
  unacknowledged: 0,
  flushes: 0,
  rowsWritten: 0,
  flushErrors: 0,
  lastFlushMs: 0,
  commandsSent: 0,
  acks: 0,
  results: 0,
  cancelsSent: 0,
  cancelsConfirmed: 0,
  authAccepted: 0,
  authRejected: 0,
  wentOnline: 0,
  wentOffline: 0,
});
