export { createUser, type NewUser } from './users.service.ts';
