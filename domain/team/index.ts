export * from './team-rate.js';
export * from './team.js';
export * from './period.js';
export * from './goal.js';
export * from './progress.js';
export * from './bonus.js';
export * from './award.js';
