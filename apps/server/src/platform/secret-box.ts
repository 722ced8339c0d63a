import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './crypto';

const VERSION = 'v1';

/**
 * Encrypts secrets kept at rest (provider tokens, PKCE verifiers) with AES-256-GCM under a key
 * derived from APP_SECRET for this purpose only. A ciphertext is `v1.<iv>.<tag>.<data>`
 * (base64url); the purpose is bound as associated data, so a token cannot be moved to another
 * column or row kind and still decrypt.
 */
export class SecretBox {
  private readonly key: Uint8Array;

  constructor(
    appSecret: string,
    private readonly purpose: string,
  ) {
    this.key = deriveKey(appSecret, `secret-box:${purpose}`);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(this.purpose));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join(
      '.',
    );
  }

  /** Throws when the ciphertext was altered or sealed under another key or purpose. */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(this.purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
