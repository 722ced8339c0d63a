import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id at OWASP's recommended parameters (m = 19 MiB, t = 2, p = 1). Every password hash in
 * the product — sign-up, reset, seeds, tests — is made here, so they all share the parameters.
 */
export const ARGON2_PARAMS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_PARAMS);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};
