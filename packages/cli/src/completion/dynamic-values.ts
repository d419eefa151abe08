import { ConfigFile, configPath } from '../config/config-file';
import { profileNames } from '../config/profile-names';
import type { Io } from '../io';
import type { DynamicValues } from './completion-values';

/** The values `traction __complete <kind>` prints for the completion scripts, one a line. */
export function dynamicValues(io: Io, kind: DynamicValues): string[] {
  switch (kind) {
    case 'profiles':
      return profileNames(ConfigFile.load(configPath(io.env)).data);
  }
}
