import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { User } from './people.entity.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';

export const MIN_PASSWORD_LENGTH = 10;

export async function createUser(em: Em, input: { email: string; name: string; password: string }): Promise<User> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new DomainError('VALIDATION_FAILED', `${input.email} is not an email address`);
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new DomainError('VALIDATION_FAILED', `The password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (await em.count(User, { email })) throw new DomainError('CONFLICT', `A user with the email ${email} exists already`);
  const user = em.create(User, { id: newId('user'), email, name: input.name.trim() || email, passwordHash: await hashPassword(input.password) });
  await em.flush();
  return user;
}

/** The user for an email and password, or undefined; takes the same time whether or not the email exists. */
export async function authenticateUser(em: Em, email: string, password: string): Promise<User | undefined> {
  const user = await em.findOne(User, { email: email.trim().toLowerCase() });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  return user && ok && !user.disabledAt ? user : undefined;
}
