import type { DeviceInput } from '@traction/core';

/** Describes this browser for the device block of a sign-in (spec §3). */
export function describeDevice(deviceId: string): DeviceInput {
  const ua = navigator.userAgent;
  const browser = /(Edg|OPR|Chrome|Chromium|Firefox|Safari)\/([\d.]+)/.exec(ua) ?? ([ua, 'Browser', ''] as unknown as RegExpExecArray);
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? 'unknown';
  return {
    deviceId,
    deviceModel: platform.slice(0, 200) || 'unknown',
    browserName: (browser[1] === 'Edg' ? 'Edge' : browser[1] === 'OPR' ? 'Opera' : (browser[1] ?? 'Browser')).slice(0, 100),
    browserVersion: (browser[2] ?? '').slice(0, 50),
    whitelisted: false,
    deviceType: 'browser',
  };
}
