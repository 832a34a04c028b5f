import { randomInt, randomUUID } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import type { Cache } from '../cache.ts';

export const CAPTCHA_TTL_SECONDS = 120;

/** A small arithmetic captcha ("7 + 3 = ?") drawn as a noisy PNG; the answer is kept 2 minutes, single use. */
export async function issueCaptcha(cache: Cache): Promise<{ uuid: string; img: string }> {
  const a = randomInt(1, 10);
  const b = randomInt(1, 10);
  const op = randomInt(0, 3);
  const [question, answer] =
    op === 0
      ? [`${a} + ${b} = ?`, a + b]
      : op === 1
        ? [`${Math.max(a, b)} - ${Math.min(a, b)} = ?`, Math.abs(a - b)]
        : [`${a} × ${b} = ?`, a * b];
  const uuid = randomUUID();
  await cache.set(`captcha:${uuid}`, String(answer), CAPTCHA_TTL_SECONDS);
  return { uuid, img: draw(question) };
}

/** True when the answer matches; the answer is consumed either way. */
export async function checkCaptcha(cache: Cache, uuid: string, code: string): Promise<'ok' | 'expired' | 'wrong'> {
  if (!uuid) return 'expired';
  const answer = await cache.getDel(`captcha:${uuid}`);
  if (answer === null) return 'expired';
  return answer === code.trim() ? 'ok' : 'wrong';
}

function draw(text: string): string {
  const width = 160;
  const height = 60;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f5f7fa';
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 6; i++) {
    ctx.strokeStyle = `hsl(${randomInt(0, 360)}, 50%, 70%)`;
    ctx.beginPath();
    ctx.moveTo(randomInt(0, width), randomInt(0, height));
    ctx.lineTo(randomInt(0, width), randomInt(0, height));
    ctx.stroke();
  }
  ctx.font = 'bold 28px sans-serif';
  ctx.textBaseline = 'middle';
  let x = 10;
  for (const ch of text) {
    ctx.save();
    ctx.translate(x, height / 2 + randomInt(-5, 6));
    ctx.rotate((randomInt(-20, 21) * Math.PI) / 180);
    ctx.fillStyle = `hsl(${randomInt(190, 250)}, 60%, 35%)`;
    ctx.fillText(ch, 0, 0);
    ctx.restore();
    x += ch === ' ' ? 6 : 18;
  }
  for (let i = 0; i < 40; i++) {
    ctx.fillStyle = `rgba(64,158,255,${Math.random() * 0.6})`;
    ctx.fillRect(randomInt(0, width), randomInt(0, height), 2, 2);
  }
  return canvas.toBuffer('image/png').toString('base64');
}
