import type { FieldOfficerRole } from '@traction/core';

/**
 * The demo's field officers: more MSOs than DSRs, a few sales agents. The same people deploy
 * terminals, fill the field app's forms, walk the weekly visitation sheet and (through the
 * deployment codes that name them) are the agents visits are booked for.
 */
export const DEMO_FIELD_OFFICERS: readonly { name: string; phone: string; role: FieldOfficerRole }[] = [
  { name: 'Bola Adeyemi', phone: '+2348035550101', role: 'MSO' },
  { name: 'Chinedu Okafor', phone: '+2348065550102', role: 'MSO' },
  { name: 'Halima Musa', phone: '+2348025550103', role: 'MSO' },
  { name: 'Tunde Bakare', phone: '+2348135550104', role: 'MSO' },
  { name: 'Ngozi Eze', phone: '+2349035550105', role: 'DSR' },
  { name: 'Kemi Bello', phone: '+2348055550106', role: 'DSR' },
  { name: 'Ibrahim Sani', phone: '+2347035550107', role: 'DSR' },
  { name: 'Efe Okoro', phone: '+2348145550108', role: 'SALES_AGENT' },
  { name: 'Yusuf Garba', phone: '+2348095550109', role: 'SALES_AGENT' },
  { name: 'Amaka Nwosu', phone: '+2348175550110', role: 'MSO' },
];
