import { type CommandMessage, downTopic, mqttUserName, upTopic } from '@luxgrid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { rng, type SimCover } from './city.ts';
import { CommandDesk, type Outcome } from './desk.ts';

export interface CoverOptions {
  cover: SimCover;
  projectId: number;
  root: string;
  brokerUrl: string;
  secret: string;
  rateMs: number;
  heartbeatMs: number;
  /** chance per report that a closed cover is opened (or a water level starts to rise) */
  eventRate: number;
  seed: number;
}

/**
 * One manhole cover sensor: its own MQTT session (an NB-IoT device reaches the platform
 * directly), reports tilt, lid, water level, battery and signal; now and then the lid is lifted
 * (COVER_OPENED, then COVER_CLOSED a few reports later) or rain fills the well (WATER_HIGH, then
 * WATER_NORMAL); it answers a read-now and takes new thresholds and a new report interval.
 */
export class ManholeCoverDevice {
  readonly stats = { messages: 0, readings: 0, commands: 0 };
  private client: MqttClient | null = null;
  private timers: NodeJS.Timeout[] = [];
  private readonly random: () => number;
  private open = false;
  private openFor = 0;
  private tilt: number;
  private water: number;
  private rising = false;
  private battery: number;
  private lowBattery = false;
  private tiltThreshold = 15;
  private waterThreshold = 150;
  private reportInterval: number;
  private readonly desk: CommandDesk;

  constructor(private readonly o: CoverOptions) {
    this.random = rng(o.seed);
    this.desk = new CommandDesk({
      send: (kind, body) => this.publish(kind, body),
      carryOut: (cmd) => this.carryOut(cmd),
      answerDelayMs: () => 400 + this.random() * 1200,
      clockOffsetMs: Math.round((this.random() - 0.5) * 120_000),
    });
    this.tilt = Math.round(this.random() * 20) / 10;
    this.water = Math.round(10 + this.random() * 60);
    this.battery = Math.round(15 + this.random() * 85);
    this.reportInterval = Math.round(o.rateMs / 1000);
  }

  private get uid() {
    return this.o.cover.uid;
  }

  private publish(kind: 'hello' | 'heartbeat' | 'telemetry' | 'event' | 'ack' | 'result', body: unknown) {
    if (!this.client?.connected) return;
    this.stats.messages++;
    this.client.publish(upTopic(this.o.root, this.o.projectId, this.uid, kind), JSON.stringify(body), {
      qos: kind === 'telemetry' ? 0 : 1,
    });
  }

  private config() {
    return {
      tiltThreshold: this.tiltThreshold,
      waterThreshold: this.waterThreshold,
      reportInterval: this.reportInterval,
    };
  }

  async start(): Promise<void> {
    this.client = mqtt.connect(this.o.brokerUrl, {
      username: mqttUserName(this.o.projectId, this.uid),
      password: this.o.secret,
      clientId: `${this.uid}-${Math.floor(this.random() * 1e9)}`,
      reconnectPeriod: 5_000,
      connectTimeout: 10_000,
    });
    this.client.on('error', () => undefined);
    this.client.on('connect', () => {
      void this.client!.subscribeAsync(downTopic(this.o.root, this.o.projectId, this.uid), { qos: 1 }).then(() => {
        this.publish('hello', { firmware: 'MH-NB 1.4.2', model: 'MH-NB-01', config: this.config() });
        this.report();
      });
    });
    this.client.on('message', (_topic, payload) => {
      try {
        this.obey(JSON.parse(payload.toString()));
      } catch {
        /* not a command of ours */
      }
    });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      this.client!.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const jitter = Math.floor(this.random() * this.o.rateMs);
    this.timers.push(
      setTimeout(() => {
        this.timers.push(setInterval(() => this.step(), this.o.rateMs));
      }, jitter),
      setInterval(() => this.publish('heartbeat', {}), this.o.heartbeatMs),
    );
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.desk.stop();
    await this.client?.endAsync(true).catch(() => undefined);
  }

  /** What happens to the cover between two reports, then the report. */
  private step() {
    if (this.open) {
      if (--this.openFor <= 0) {
        this.open = false;
        this.tilt = Math.round(this.random() * 20) / 10;
        this.publish('event', { type: 'COVER_CLOSED' });
        if (this.tilt < this.tiltThreshold) this.publish('event', { type: 'TILT_RECOVERED' });
      }
    } else if (this.random() < this.o.eventRate) {
      this.open = true;
      this.openFor = 2 + Math.floor(this.random() * 4);
      this.tilt = Math.round((30 + this.random() * 50) * 10) / 10;
      this.publish('event', { type: 'COVER_OPENED', level: 'urgent', data: { tilt: this.tilt } });
      if (this.tilt >= this.tiltThreshold)
        this.publish('event', { type: 'TILTED', level: 'serious', data: { tilt: this.tilt } });
    }
    const wasHigh = this.water >= this.waterThreshold;
    if (this.rising) {
      this.water = Math.min(480, this.water + 20 + Math.round(this.random() * 30));
      if (this.random() < 0.3) this.rising = false;
    } else if (this.random() < this.o.eventRate / 2) this.rising = true;
    else this.water = Math.max(5, this.water - Math.round(this.random() * 25));
    const isHigh = this.water >= this.waterThreshold;
    if (isHigh && !wasHigh)
      this.publish('event', { type: 'WATER_HIGH', level: 'serious', data: { waterLevel: this.water } });
    if (!isHigh && wasHigh) this.publish('event', { type: 'WATER_NORMAL', data: { waterLevel: this.water } });
    // a battery lasts years: it drains a little, and a crew changes it when it runs low
    this.battery = Math.max(0, this.battery - (this.random() < 0.05 ? 1 : 0));
    if (this.battery < 20 && !this.lowBattery) {
      this.lowBattery = true;
      this.publish('event', { type: 'LOW_BATTERY', level: 'ordinary', data: { battery: this.battery } });
    } else if (this.lowBattery && this.random() < this.o.eventRate) {
      this.battery = 100;
      this.lowBattery = false;
      this.publish('event', { type: 'BATTERY_NORMAL', data: { battery: this.battery } });
    }
    this.report();
  }

  private values() {
    return {
      coverState: this.open ? 'OPEN' : 'CLOSED',
      tilt: this.tilt,
      waterLevel: this.water,
      battery: this.battery,
      signal: -70 - Math.round(this.random() * 45),
      temperature: Math.round((8 + this.random() * 10) * 10) / 10,
    };
  }

  private report() {
    this.stats.readings++;
    this.publish('telemetry', { values: this.values() });
  }

  /** Takes a command or a cancel; answers after the short delay of an NB-IoT round trip (see CommandDesk). */
  private obey(message: unknown) {
    const commands = (message as { commands?: unknown[] })?.commands;
    if (Array.isArray(commands) && (message as { action?: string }).action !== 'cancel')
      this.stats.commands += commands.length;
    this.desk.take(message);
  }

  /** A cover reads back and takes its configuration; it has no lamp or breaker to switch. */
  private carryOut(cmd: CommandMessage): Outcome {
    if (cmd.action === 'calling') return { status: 'SUCCESS', data: { ...this.values(), config: this.config() } };
    if (cmd.action === 'config') {
      const p = cmd.params ?? {};
      if (typeof p.tiltThreshold === 'number') this.tiltThreshold = p.tiltThreshold;
      if (typeof p.waterThreshold === 'number') this.waterThreshold = p.waterThreshold;
      if (typeof p.reportInterval === 'number') this.reportInterval = p.reportInterval;
      return { status: 'SUCCESS', data: this.config() };
    }
    if (cmd.action === 'restart') return { status: 'SUCCESS', data: {} };
    return { status: 'FAILED', error: `UNSUPPORTED: a manhole cover does not ${cmd.action}` };
  }
}
