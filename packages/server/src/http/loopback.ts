import { isIPv4 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** This machine's loopback: 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(ipv4)) return ipv4.startsWith('127.');
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}

/** A listening host only this machine can reach (`localhost` included; `0.0.0.0` and `::` are every interface). */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host.replace(/^\[|\]$/g, ''));
}

/**
 * Headers a reverse proxy adds. A proxy on this machine connects from loopback for every caller,
 * so a request carrying one of them may come from anywhere, whatever the socket says.
 */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto'];

/**
 * Whether the caller is certainly on this machine: the socket's peer is loopback (never
 * X-Forwarded-For, even behind a trusted proxy) and no proxy relayed the request. In-process
 * requests (`app.request()`) have no socket and are not.
 */
export function isDirectLoopbackRequest(c: Context): boolean {
  if (FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  try {
    return isLoopbackAddress(getConnInfo(c).remote.address);
  } catch {
    return false;
  }
}
