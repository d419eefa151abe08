export { default as createClient } from 'openapi-fetch';
export { generateTypes, typeErrors } from './generate';
