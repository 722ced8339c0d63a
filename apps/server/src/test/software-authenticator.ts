import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { PasskeyAssertion, PasskeyAttestation } from '@sentinel/shared';
import { TEST_PUBLIC_URL } from './helpers';

/**
 * A passkey in software for server tests: an ES256 (P-256) key pair from node:crypto, and the
 * bytes a browser and an authenticator would send — client data, authenticator data, a 'none'
 * attestation object in CBOR, a DER signature — built here as WebAuthn Level 3 describes them,
 * so the server's verification (@simplewebauthn/server) checks real cryptography.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | Record<string, unknown>;

/** Just enough CBOR (RFC 8949) for COSE keys and attestation objects: integers, strings, bytes, maps. */
export function cbor(value: Cbor): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
    const out = Buffer.alloc(5);
    out[0] = (major << 5) | 26;
    out.writeUInt32BE(length, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries: Array<[Cbor, Cbor]> =
    value instanceof Map ? [...value.entries()] : (Object.entries(value) as Array<[Cbor, Cbor]>);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64u = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  /** The signature counter the next assertion reports (after adding one). */
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(
    readonly origin: string = TEST_PUBLIC_URL,
    readonly rpID: string = new URL(origin).hostname,
  ) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
    }));
  }

  get id(): string {
    return b64u(this.credentialId);
  }

  /** The public key as COSE_Key: EC2, ES256 (-7), P-256, x and y. */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  private authData(flags: number, counter: number, rpID: string, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** navigator.credentials.create() for these options, as @simplewebauthn/browser answers it. */
  register(
    options: { challenge: string },
    tamper: { origin?: string; rpID?: string; challenge?: string } = {},
  ): PasskeyAttestation {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authData(UP | UV | AT, this.counter, tamper.rpID ?? this.rpID, attested);
    const clientDataJSON = this.clientData(
      'webauthn.create',
      tamper.challenge ?? options.challenge,
      tamper.origin ?? this.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientDataJSON),
        attestationObject: b64u(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get() for these options: signs authenticator data and the client data's
   * hash. The counter goes up by one unless `counter` says what to report.
   */
  assert(
    options: { challenge: string },
    tamper: { origin?: string; challenge?: string; counter?: number } = {},
  ): PasskeyAssertion {
    const counter = tamper.counter ?? ++this.counter;
    const authData = this.authData(UP | UV, counter, this.rpID);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      tamper.challenge ?? options.challenge,
      tamper.origin ?? this.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}

/** A challenge no server handed out (base64url of 32 random bytes). */
export const strayChallenge = () => randomBytes(32).toString('base64url');
