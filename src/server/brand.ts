import { brands, type Brand } from '../../brands';
import { getConfig } from './config';

/** The brand this process serves (FRONTEND). */
export function getBrand(): Brand {
  return brands[getConfig().FRONTEND];
}
