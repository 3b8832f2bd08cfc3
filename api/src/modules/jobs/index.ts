export { JOB_SCHEMA, jobQueuePlugin, type JobDefinition, type JobQueue } from './job-queue';
