import { jwtVerify, SignJWT } from 'jose';

/** Tokens carry only the session id; everything else lives server-side and can be revoked. */
export async function signToken(secret: Uint8Array, sessionId: string): Promise<string> {
  return new SignJWT({ sid: sessionId }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(secret);
}

export async function readToken(secret: Uint8Array, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    return typeof payload.sid === 'string' ? payload.sid : null;
  } catch {
    return null;
  }
}
