import type { IconName } from "../../components/ui/icon";
import { homeMessages as m } from "./messages";

export type SearchTypeOption = { id: number; label: string; icon: IconName };

/**
 * The search-type selector's options (search spec §2): 1, 2, 3, 4, 6, 7; with the old-standard
 * flag option 5 sits at position 5 and option 3 reads "books, solution manuals, reports"; with
 * university info option 7 (plagiarism and proofreading) is removed.
 */
export function searchTypeOptions({
  showOldTabStandardSearch,
  hasUniversity,
}: {
  showOldTabStandardSearch: boolean;
  hasUniversity: boolean;
}): SearchTypeOption[] {
  const options: SearchTypeOption[] = [
    { id: 1, label: m.searchTypes[1], icon: "link" },
    { id: 2, label: m.searchTypes[2], icon: "search" },
    { id: 3, label: showOldTabStandardSearch ? m.searchTypes[3.5] : m.searchTypes[3], icon: "book" },
    { id: 4, label: m.searchTypes[4], icon: "thesis" },
  ];
  if (showOldTabStandardSearch) options.push({ id: 5, label: m.searchTypes[5], icon: "standard" });
  options.push({ id: 6, label: m.searchTypes[6], icon: "globe" });
  if (!hasUniversity) options.push({ id: 7, label: m.searchTypes[7], icon: "plagiarism" });
  return options;
}

export const DEFAULT_SEARCH_TYPE = 1;
