import { z } from 'zod';
import { loginPassword, newPassword, optionalText, rule, systemIdNumber, text, userName } from './validation.ts';

export const loginBody = z.object({
  username: text(1, 30).pipe(userName()),
  password: loginPassword(),
  code: z.string().trim().max(10).optional().default(''),
  uuid: z.string().trim().max(64).optional().default(''),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z
  .object({
    username: userName(),
    password: newPassword(),
    confirmPassword: newPassword(),
    code: z.string().trim().max(10).optional().default(''),
    uuid: z.string().trim().max(64).optional().default(''),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: rule('password.mismatch') });

export const updatePasswordBody = z
  .object({ oldPassword: loginPassword(), newPassword: newPassword(), confirmPassword: newPassword().optional() })
  .refine((v) => v.confirmPassword === undefined || v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: rule('password.mismatch'),
  });

export const systemIdQuery = z.object({ systemId: systemIdNumber().optional() });

export const profileBody = z.object({
  nickName: text(1, 30),
  phonenumber: optionalText(20),
  email: optionalText(50),
  sex: z.enum(['0', '1', '2']).optional(),
});
