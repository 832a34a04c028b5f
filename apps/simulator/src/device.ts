import { type CommandMessage, downTopic, mqttUserName, upTopic } from '@luxgrid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { rng, type SimBox } from './city.ts';
import { CommandDesk, type Outcome } from './desk.ts';
import { FaultSchedule, type SimFault } from './faults.ts';

interface LampState {
  on: boolean;
  dim: number;
  energy: number;
  hours: number;
  switches: number;
  /** failed, until a crew repairs it */
  broken: boolean;
}

export interface ConcentratorOptions {
  box: SimBox;
  projectId: number;
  root: string;
  brokerUrl: string;
  secret: string;
  rateMs: number;
  heartbeatMs: number;
  failRate: number;
  /** faults this box suffers an hour on average (see faults.ts); 0: none */
  faultsPerHour: number;
  /** how often an hour the controller loses a held schedule (a flash fault, then a restart's hello); default 0.02 */
  scheduleLossPerHour?: number;
  seed: number;
}

/** How often the held schedules are evaluated on the controller's own clock. */
const SCHEDULE_TICK_MS = 5_000;

const NOMINAL_W = 120;

/**
 * One concentrator in a box: a single MQTT session that speaks for its lamps, heads, branches,
 * meter and light sensor (gateway pattern: child uids in the payload).
 */
export class Concentrator {
  readonly stats = { messages: 0, readings: 0, commands: 0 };
  private client: MqttClient | null = null;
  private timers: NodeJS.Timeout[] = [];
  private readonly random: () => number;
  private readonly lamps = new Map<string, LampState>();
  private readonly heads = new Map<string, string>();
  private breakers = [true, true];
  private meterKwh = 0;
  private readonly desk: CommandDesk;
  private reportSoon: NodeJS.Timeout | null = null;
  readonly faults: FaultSchedule;
  private readonly overVoltage = new Set<string>();
  private mainsDown = false;
  /** dropped off the network: publishes nothing until it reconnects */
  private dropped = false;

  constructor(private readonly o: ConcentratorOptions) {
    this.random = rng(o.seed);
    this.faults = new FaultSchedule({ box: o.box, perHour: o.faultsPerHour, random: this.random, target: this });
    this.desk = new CommandDesk({
      send: (kind, body) => {
        this.publish(kind, body);
        // what a command changed shows in the next report, a moment later
        if (kind === 'result' && !this.reportSoon)
          this.reportSoon = setTimeout(() => {
            this.reportSoon = null;
            this.report();
          }, 200);
      },
      carryOut: (cmd, uid) => this.carryOut(cmd, uid),
      answerDelayMs: () => 300 + this.random() * 1200,
      // a concentrator's clock drifts up to a minute and a half until it is set
      clockOffsetMs: Math.round((this.random() - 0.5) * 180_000),
    });
    for (const lamp of o.box.lamps) {
      this.lamps.set(lamp.rtuUid, {
        on: true,
        dim: 100,
        energy: this.random() * 500,
        hours: this.random() * 20_000,
        switches: 0,
        broken: false,
      });
      for (const head of lamp.heads) this.heads.set(head, lamp.rtuUid);
    }
  }

  private get uid() {
    return this.o.box.ccuUid;
  }
  private children(): string[] {
    // the controller in the box reaches the box itself and its switch module too: nothing it carries stays "never connected"
    return [
      this.o.box.uid,
      this.o.box.moduleUid,
      ...this.o.box.branches,
      ...this.o.box.lamps.flatMap((l) => [l.rtuUid, ...l.heads]),
      ...(this.o.box.sensorUid ? [this.o.box.sensorUid] : []),
    ];
  }

  private publish(kind: 'hello' | 'heartbeat' | 'telemetry' | 'event' | 'ack' | 'result', body: unknown) {
    if (this.dropped || !this.client?.connected) return;
    this.stats.messages++;
    this.client.publish(upTopic(this.o.root, this.o.projectId, this.uid, kind), JSON.stringify(body), {
      qos: kind === 'telemetry' ? 0 : 1,
    });
  }

  async start(): Promise<void> {
    await this.connect();
    // spread the reports over the period so that a city does not report in one burst
    const jitter = () => Math.floor(this.random() * this.o.rateMs);
    this.timers.push(
      setTimeout(() => {
        this.report();
        this.timers.push(setInterval(() => this.report(), this.o.rateMs));
      }, jitter()),
      setInterval(() => this.publish('heartbeat', { children: this.children() }), this.o.heartbeatMs),
      setInterval(() => this.runSchedules(), SCHEDULE_TICK_MS),
    );
  }

  private hello() {
    this.publish('hello', {
      firmware: '2.3.1',
      model: 'CCU-IB-4G',
      children: this.children(),
      schedules: this.desk.held(),
    });
  }

  /**
   * Runs the held schedules on the controller's own clock: each lamp takes the level its strategy
   * asks for now, within the power cap of its virtual dimming plan; no command from the platform.
   * Now and then the clock wanders a little and, rarely, a schedule is lost (the next hello shows it).
   */
  private runSchedules() {
    const hourShare = SCHEDULE_TICK_MS / 3_600_000;
    this.desk.clockOffsetMs += Math.round((this.random() - 0.5) * 40);
    if (this.random() < (this.o.scheduleLossPerHour ?? 0.02) * hourShare && this.desk.loseOne(this.random()))
      this.hello();
    let changed = false;
    for (const [uid, target] of this.desk.lampTargets()) {
      const lamp = this.lamps.get(uid);
      if (!lamp || lamp.broken || target.level === null) continue;
      const dim = target.cap === null ? target.level : Math.min(target.level, target.cap);
      if (lamp.dim === dim && lamp.on === dim > 0) continue;
      if (lamp.on !== dim > 0) lamp.switches++;
      lamp.dim = dim;
      lamp.on = dim > 0;
      changed = true;
    }
    if (changed) this.report();
  }

  private async connect(): Promise<void> {
    this.client = mqtt.connect(this.o.brokerUrl, {
      username: mqttUserName(this.o.projectId, this.uid),
      password: this.o.secret,
      clientId: `${this.uid}-${Math.floor(this.random() * 1e9)}`,
      reconnectPeriod: 5_000,
      connectTimeout: 10_000,
    });
    this.client.on('error', () => undefined);
    this.client.on('connect', () => {
      void this.client!.subscribeAsync(downTopic(this.o.root, this.o.projectId, this.uid), { qos: 1 }).then(() =>
        this.hello(),
      );
    });
    this.client.on('message', (_topic, payload) => {
      try {
        this.obey(JSON.parse(payload.toString()));
      } catch {
        /* not JSON: ignored, as the protocol says */
      }
    });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      this.client!.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** A fault begins (see faults.ts): the next report of the box's devices shows it. */
  raise(fault: SimFault): void {
    switch (fault.kind) {
      case 'lampFailure': {
        const lamp = this.lamps.get(fault.uid);
        if (!lamp) return;
        lamp.broken = true;
        this.publish('event', {
          uid: fault.uid,
          type: 'LampFault',
          level: 'serious',
          data: { hours: Math.round(lamp.hours) },
        });
        break;
      }
      case 'branchOverVoltage':
        this.overVoltage.add(fault.uid);
        break;
      case 'mainsFailure':
        this.publish('event', {
          uid: this.o.box.uid,
          type: 'PowerDown',
          level: 'serious',
          data: { voltageA: 0, voltageB: 0, voltageC: 0 },
        });
        this.mainsDown = true;
        break;
      case 'dropOff':
        // the modem dies: no goodbye, nothing more until it comes back
        this.dropped = true;
        this.client?.end(true);
        break;
    }
  }

  /** A fault ends: the lamp is repaired, the supply steadies, the concentrator reconnects, mains return. */
  async recover(fault: SimFault): Promise<void> {
    switch (fault.kind) {
      case 'lampFailure': {
        const lamp = this.lamps.get(fault.uid);
        if (!lamp) return;
        lamp.broken = false;
        this.publish('event', { uid: fault.uid, type: 'RECOVER', data: { type: 'LampFault' } });
        break;
      }
      case 'branchOverVoltage':
        this.overVoltage.delete(fault.uid);
        break;
      case 'mainsFailure':
        this.mainsDown = false;
        this.publish('event', { uid: this.o.box.uid, type: 'RECOVER', data: { type: 'PowerDown' } });
        break;
      case 'dropOff':
        this.dropped = false;
        await this.connect();
        break;
    }
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.dropped = true;
    if (this.reportSoon) clearTimeout(this.reportSoon);
    this.desk.stop();
    await this.client?.endAsync(true).catch(() => undefined);
  }

  /** Publishes the readings of every device of the box (and moves the box's faults on). */
  report() {
    this.faults.step(Date.now(), this.o.rateMs);
    const items: { uid: string; values: Record<string, number | string | boolean> }[] = [];
    const hours = this.o.rateMs / 3_600_000;
    let loadA = 0;
    let loadB = 0;
    for (const [i, lamp] of this.o.box.lamps.entries()) {
      const state = this.lamps.get(lamp.rtuUid)!;
      const lit = state.on && !state.broken && this.breakers[i % 2] && !this.mainsDown;
      const voltage = 220 + this.random() * 12;
      const power = lit ? ((NOMINAL_W * state.dim) / 100) * (0.95 + this.random() * 0.1) : 0.6;
      state.energy += (power * hours) / 1000;
      if (lit) state.hours += hours;
      if (i % 2 === 0) loadA += power;
      else loadB += power;
      // without mains the lamps' controllers are unpowered and answer nothing
      if (!this.mainsDown)
        items.push({
          uid: lamp.rtuUid,
          values: {
            voltage: Math.round(voltage * 10) / 10,
            current: Math.round((power / voltage) * 1000) / 1000,
            power: Math.round(power * 10) / 10,
            powerFactor: lit ? 0.95 : 0.5,
            energy: Math.round(state.energy * 1000) / 1000,
            dimLevel: state.dim,
            lampState: lit ? 'ON' : 'OFF',
            temperature: Math.round((25 + (lit ? 15 : 0) + this.random() * 5) * 10) / 10,
          },
        });
    }
    this.meterKwh += ((loadA + loadB) * hours) / 1000;
    const mains = () => (this.mainsDown ? 0 : Math.round((226 + this.random() * 6) * 10) / 10);
    items.push({ uid: this.o.box.uid, values: { voltageA: mains(), voltageB: mains(), voltageC: mains() } });
    this.o.box.branches.forEach((uid, i) => {
      if (this.mainsDown) return;
      const load = i === 0 ? loadA : loadB;
      const v = this.overVoltage.has(uid) ? 262 + this.random() * 12 : 225 + this.random() * 8;
      items.push({
        uid,
        values: {
          [`voltage${'AB'[i]}`]: Math.round(v * 10) / 10,
          [`current${'AB'[i]}`]: Math.round((load / v) * 100) / 100,
          [`power${'AB'[i]}`]: Math.round(load),
          breaker: this.breakers[i] ? 'CLOSE' : 'OPEN',
        },
      });
    });
    items.push({ uid: this.o.box.meterUid, values: { energy: Math.round(this.meterKwh * 1000) / 1000 } });
    if (this.o.box.sensorUid) {
      const hour = new Date().getHours();
      const day = hour >= 6 && hour < 19;
      items.push({
        uid: this.o.box.sensorUid,
        values: { lux: Math.round(day ? 5000 + this.random() * 20000 : this.random() * 8) },
      });
    }
    this.stats.readings += items.length;
    for (let i = 0; i < items.length; i += 200) this.publish('telemetry', { items: items.slice(i, i + 200) });
  }

  /** Takes a command or a cancel: acknowledged at once, answered after a realistic delay (see CommandDesk). */
  private obey(message: unknown) {
    const commands = (message as { commands?: unknown[] })?.commands;
    if (Array.isArray(commands) && (message as { action?: string }).action !== 'cancel')
      this.stats.commands += commands.length;
    this.desk.take(message);
  }

  /** Carries one command out; a few fail as a terminal out of reach would. */
  private carryOut(cmd: CommandMessage, uid: string): Outcome {
    if (this.random() < this.o.failRate)
      return { status: 'FAILED', error: 'NO_RESPONSE: no answer from the terminal over PLC' };
    return { status: 'SUCCESS', data: this.apply(cmd, uid) };
  }

  private apply(cmd: CommandMessage, uid: string): Record<string, unknown> {
    const rtu = this.lamps.has(uid) ? uid : this.heads.get(uid);
    const lamp = rtu ? this.lamps.get(rtu) : undefined;
    const branch = this.o.box.branches.indexOf(uid);
    switch (cmd.action) {
      case 'LIGHT_ON':
      case 'LIGHT_OFF':
        if (lamp) {
          lamp.on = cmd.action === 'LIGHT_ON';
          lamp.switches++;
          return { lampState: lamp.on ? 'ON' : 'OFF' };
        }
        return {};
      case 'LIGHT_DIMMING':
        if (lamp) {
          lamp.dim = Math.max(0, Math.min(100, cmd.value ?? 100));
          lamp.on = lamp.dim > 0;
          return { dimLevel: lamp.dim };
        }
        return {};
      case 'BREAKER_ON':
      case 'BREAKER_OFF':
        if (branch >= 0) this.breakers[branch] = cmd.action === 'BREAKER_ON';
        return { breaker: cmd.action === 'BREAKER_ON' ? 'CLOSE' : 'OPEN' };
      case 'calling':
        return lamp
          ? {
              lampState: lamp.on ? 'ON' : 'OFF',
              dimLevel: lamp.dim,
              energy: Math.round(lamp.energy * 1000) / 1000,
              config: { firmware: '1.8.0' },
            }
          : {};
      case 'timing':
      case 'clockcalling':
        return { clock: this.desk.clock() };
      case 'restart':
        return {};
      case 'config':
        return { ...(cmd.params ?? {}) };
      case 'schedule':
        // held by the desk, which answers it
        return {};
    }
  }
}
