import type { AssistantTool } from '../tool.js';
import { createConversionTool, updateConversionTool, type ConversionToolDependencies } from './conversion-tools.js';
import { fetchTool, type FetchToolDependencies } from './fetch-tool.js';
import { updateAffiliateTool, updateCampaignTool, type ProgramToolDependencies } from './program-tools.js';
import { getProgramOverviewTool, searchTool, type OverviewSearchToolDependencies } from './overview-search-tools.js';

export type AssistantToolDependencies = ConversionToolDependencies & FetchToolDependencies & OverviewSearchToolDependencies & ProgramToolDependencies;

/** The spec's five assistant tools (General rule 6), then the program-running ones, in the order `tools/list` gives them. */
export const assistantTools = (deps: AssistantToolDependencies): readonly AssistantTool[] => [
  createConversionTool(deps),
  updateConversionTool(deps),
  getProgramOverviewTool(deps),
  searchTool(deps),
  fetchTool(deps),
  updateCampaignTool(deps),
  updateAffiliateTool(deps),
];
