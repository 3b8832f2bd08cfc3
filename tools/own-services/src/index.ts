export { freePort, listening, untilConnectable } from './ports';
export { ownPostgresSkipReason, startOwnPostgres, stopOwnPostgresIn, type OwnPostgres, type OwnPostgresOptions } from './postgres';
export { ownRedisSkipReason, startOwnRedis, type OwnRedis, type OwnRedisOptions } from './redis';
