// Real open-access theses for the thesis search (type 4, source "free").
//
// Every record is a thesis that exists, with its real repository link (a handle, DOI or the
// author's or department's own copy), checked against public citations of that link. Fields we
// could not confirm are left empty ("" or null) rather than guessed: most abstracts are empty,
// and a department is empty where the record does not say it plainly. `source` names where the
// record and link come from; `license` is the repository's own statement, or null when unknown.
// More theses come live from OpenAlex (worker/features/search/openalex-theses.ts) when an API key
// is set, and in bulk through `npm run catalog:import` (OpenAlex snapshot JSON lines).

export type Thesis = {
  title: string;
  author: string;
  degree: "PhD" | "Master";
  /** "" when the record does not state it. */
  department: string;
  language: "English";
  year: number;
  university: string;
  downloadLink: string;
  /** "" when we do not have the author's own abstract. */
  abstract: string;
  license: string | null;
  source: string;
  free: true;
};

/** MIT's rights statement on its DSpace theses. */
const MIT_RIGHTS = "MIT theses are protected by copyright; they may be viewed, downloaded or printed from DSpace@MIT";

export const theses: Thesis[] = [
  {
    title: "A Symbolic Analysis of Relay and Switching Circuits",
    author: "Claude Elwood Shannon",
    degree: "Master",
    department: "Electrical Engineering",
    language: "English",
    year: 1940,
    university: "Massachusetts Institute of Technology",
    downloadLink: "https://dspace.mit.edu/handle/1721.1/11173",
    abstract: "",
    license: MIT_RIGHTS,
    source: "DSpace@MIT (handle 1721.1/11173)",
    free: true,
  },
  {
    title: "Properties of Expanding Universes",
    author: "Stephen William Hawking",
    degree: "PhD",
    department: "Applied Mathematics and Theoretical Physics",
    language: "English",
    year: 1966,
    university: "University of Cambridge",
    downloadLink: "https://doi.org/10.17863/CAM.11283",
    abstract:
      "Some implications and consequences of the expansion of the universe are examined. In Chapter 1 it is shown that this expansion creates grave difficulties for the Hoyle-Narlikar theory of gravitation. Chapter 2 deals with perturbations of an expanding homogeneous and isotropic universe. The conclusion is reached that galaxies cannot be formed as a result of the growth of perturbations that were initially small. The propagation and absorption of gravitational radiation is also investigated in this approximation. In Chapter 3 gravitational radiation in an expanding universe is examined by a method of asymptotic expansions. The 'peeling off' behaviour and the asymptotic group are derived. Chapter 4 deals with the occurrence of singularities in cosmological models. It is shown that a singularity is inevitable provided that certain very general conditions are satisfied.",
    license: "© Stephen Hawking, All Rights Reserved",
    source: "Apollo, University of Cambridge Repository (handle 1810/251038, DOI 10.17863/CAM.11283)",
    free: true,
  },
  {
    title: "Sketchpad: A Man-Machine Graphical Communication System",
    author: "Ivan Edward Sutherland",
    degree: "PhD",
    department: "Electrical Engineering",
    language: "English",
    year: 1963,
    university: "Massachusetts Institute of Technology",
    downloadLink: "https://www.cl.cam.ac.uk/techreports/UCAM-CL-TR-574.pdf",
    abstract: "",
    license: null,
    source: "University of Cambridge Computer Laboratory, Technical Report UCAM-CL-TR-574 (2003 electronic edition of the thesis)",
    free: true,
  },
  {
    title: "Machine Perception of Three-Dimensional Solids",
    author: "Lawrence Gilman Roberts",
    degree: "PhD",
    department: "Electrical Engineering",
    language: "English",
    year: 1963,
    university: "Massachusetts Institute of Technology",
    downloadLink: "https://dspace.mit.edu/handle/1721.1/11589",
    abstract: "",
    license: MIT_RIGHTS,
    source: "DSpace@MIT (handle 1721.1/11589)",
    free: true,
  },
  {
    title: "Procedures as a Representation for Data in a Computer Program for Understanding Natural Language",
    author: "Terry Winograd",
    degree: "PhD",
    department: "",
    language: "English",
    year: 1971,
    university: "Massachusetts Institute of Technology",
    downloadLink: "https://dspace.mit.edu/handle/1721.1/7095",
    abstract: "",
    license: null,
    source: "DSpace@MIT, MIT AI Lab Technical Report AITR-235 (handle 1721.1/7095)",
    free: true,
  },
  {
    title: "RABBIT: A Compiler for SCHEME",
    author: "Guy Lewis Steele Jr.",
    degree: "Master",
    department: "Electrical Engineering and Computer Science",
    language: "English",
    year: 1978,
    university: "Massachusetts Institute of Technology",
    downloadLink: "https://dspace.mit.edu/handle/1721.1/6913",
    abstract: "",
    license: null,
    source: "DSpace@MIT, MIT AI Lab Technical Report AITR-474 (handle 1721.1/6913)",
    free: true,
  },
  {
    title: "The Connection Machine",
    author: "W. Daniel Hillis",
    degree: "PhD",
    department: "Electrical Engineering and Computer Science",
    language: "English",
    year: 1985,
    university: "Massachusetts Institute of Technology",
    downloadLink: "https://dspace.mit.edu/handle/1721.1/14719",
    abstract: "",
    license: MIT_RIGHTS,
    source: "DSpace@MIT (handle 1721.1/14719)",
    free: true,
  },
  {
    title: "Relaxation and its Role in Vision",
    author: "Geoffrey E. Hinton",
    degree: "PhD",
    department: "",
    language: "English",
    year: 1977,
    university: "University of Edinburgh",
    downloadLink: "https://era.ed.ac.uk/handle/1842/8121",
    abstract: "",
    license: null,
    source: "Edinburgh Research Archive (handle 1842/8121)",
    free: true,
  },
  {
    title: "Learning from Delayed Rewards",
    author: "Christopher J. C. H. Watkins",
    degree: "PhD",
    department: "",
    language: "English",
    year: 1989,
    university: "University of Cambridge",
    downloadLink: "https://www.cs.rhul.ac.uk/~chrisw/new_thesis.pdf",
    abstract: "",
    license: null,
    source: "The author's copy, Royal Holloway, University of London",
    free: true,
  },
  {
    title: "Architectural Styles and the Design of Network-based Software Architectures",
    author: "Roy Thomas Fielding",
    degree: "PhD",
    department: "Information and Computer Science",
    language: "English",
    year: 2000,
    university: "University of California, Irvine",
    downloadLink: "https://ics.uci.edu/~fielding/pubs/dissertation/top.htm",
    abstract: "",
    license: null,
    source: "The author's copy, University of California, Irvine",
    free: true,
  },
  {
    title: "Training Recurrent Neural Networks",
    author: "Ilya Sutskever",
    degree: "PhD",
    department: "Computer Science",
    language: "English",
    year: 2013,
    university: "University of Toronto",
    downloadLink: "https://hdl.handle.net/1807/36012",
    abstract: "",
    license: null,
    source: "TSpace, University of Toronto (handle 1807/36012)",
    free: true,
  },
];
