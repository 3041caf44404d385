import { describe, expect, it } from "vitest";
import { IdentifyResult } from "../contract/identify";
import { HOST_RULES, identify, isValidIsbn, jobKeyFor, normalizeDoi, normalizeUrl, toIsbn13 } from "./identify";

// Expected results are written out in full so a stray field also fails.
const none = { doi: null, arxiv: null, pmid: null, pmcid: null, isbn: null, url: null, title: null };
const doi = (d: string, url: string | null = null): IdentifyResult => ({ ...none, kind: "doi", doi: d, url });
const arxiv = (id: string, url: string | null = null): IdentifyResult => ({
  ...none,
  kind: "arxiv",
  arxiv: id,
  doi: `10.48550/arxiv.${id}`,
  url,
});
const pmid = (id: string, url: string | null = null): IdentifyResult => ({ ...none, kind: "pmid", pmid: id, url });
const pmcid = (id: string, url: string | null = null): IdentifyResult => ({ ...none, kind: "pmcid", pmcid: id, url });
const isbn = (id: string, url: string | null = null): IdentifyResult => ({ ...none, kind: "isbn", isbn: id, url });
const url = (u: string): IdentifyResult => ({ ...none, kind: "url", url: u });
const title = (t: string): IdentifyResult => ({ ...none, kind: "title", title: t });
const empty: IdentifyResult = { ...none, kind: "empty" };

const SICI = "10.1002/(sici)1097-4636(199706)35:4<431::aid-jbm4>3.0.co;2-c";

// [what it covers, input, expected]
const cases: [string, string, IdentifyResult][] = [
  // --- Bare DOIs and the tricky forms
  ["bare DOI", "10.1038/nature12373", doi("10.1038/nature12373")],
  ["doi: prefix", "doi:10.1038/nature12373", doi("10.1038/nature12373")],
  ["DOI: prefix, upper case", "DOI: 10.1016/J.CELL.2020.02.052", doi("10.1016/j.cell.2020.02.052")],
  ["DOI in prose, trailing full stop", "See doi:10.1126/science.abb2507.", doi("10.1126/science.abb2507")],
  ["trailing comma", "10.1000/xyz123, published 2020", doi("10.1000/xyz123")],
  ["parenthesised DOI with inner parentheses", "(doi: 10.1016/S0140-6736(20)30183-5).", doi("10.1016/s0140-6736(20)30183-5")],
  ["double-quoted DOI", '"10.1093/nar/gkz1000"', doi("10.1093/nar/gkz1000")],
  ["angle-bracketed DOI", "<10.1038/nature12373>", doi("10.1038/nature12373")],
  ["SICI DOI intact", "10.1002/(SICI)1097-4636(199706)35:4<431::AID-JBM4>3.0.CO;2-C", doi(SICI)],
  ["SICI DOI in parentheses in prose", "(10.1002/(SICI)1097-4636(199706)35:4<431::AID-JBM4>3.0.CO;2-C).", doi(SICI)],
  ["DOI ending in a balanced parenthesis", "10.1000/abc(def)", doi("10.1000/abc(def)")],
  ["same, inside parentheses in prose", "(see 10.1000/abc(def)).", doi("10.1000/abc(def)")],
  ["DOI ending in a balanced angle bracket", "10.1000/x<y>", doi("10.1000/x<y>")],
  ["SICI-style AMS DOI", "10.1175/1520-0469(1969)026<0193:TDEOAB>2.0.CO;2", doi("10.1175/1520-0469(1969)026<0193:tdeoab>2.0.co;2")],
  ["URL-encoded DOI", "10.1002%2Fanie.201915678", doi("10.1002/anie.201915678")],
  ["upper-case DOI", "10.1103/PHYSREVLETT.116.061102", doi("10.1103/physrevlett.116.061102")],
  ["DOI label without colon", "DOI 10.1371/JOURNAL.PONE.0230405", doi("10.1371/journal.pone.0230405")],
  ["info:doi form", "info:doi/10.1371/journal.pbio.0020449", doi("10.1371/journal.pbio.0020449")],
  ["registrant with subdivision", "10.1000.10/123456", doi("10.1000.10/123456")],
  ["Persian prose", "لطفا این مقاله را بفرستید: 10.1038/nature12373 ممنون", doi("10.1038/nature12373")],
  ["Persian digits in DOI", "۱۰.۱۰۳۸/nature۱۲۳۷۳", doi("10.1038/nature12373")],
  ["Arabic-Indic digits in DOI", "١٠.١٠٣٨/nature12373", doi("10.1038/nature12373")],
  ["Persian comma after DOI", "10.1038/nature12373،", doi("10.1038/nature12373")],
  ["ZWNJ joined to a DOI in Persian prose", "مقاله‌ی 10.1038/nature12373\u200c را", doi("10.1038/nature12373")],
  ["typographic hyphens in an ISBN", "978\u20113\u201116\u2011148410\u20110", isbn("9783161484100")],
  ["guillemets", "«10.1038/nature12373»", doi("10.1038/nature12373")],
  ["bidi marks around DOI", "\u200f10.1038/nature12373\u200e", doi("10.1038/nature12373")],
  ["first of two DOIs", "10.1038/nature12373 and 10.1126/science.abb2507", doi("10.1038/nature12373")],
  ["PMID before DOI: first wins", "PMID: 32015507; doi:10.1038/nature12373", pmid("32015507")],

  // --- DOI resolvers
  ["doi.org", "https://doi.org/10.1016/S0140-6736(20)30183-5", doi("10.1016/s0140-6736(20)30183-5", "https://doi.org/10.1016/S0140-6736(20)30183-5")],
  ["dx.doi.org over http", "http://dx.doi.org/10.1038/nature12373", doi("10.1038/nature12373", "http://dx.doi.org/10.1038/nature12373")],
  ["doi.org without scheme", "doi.org/10.1021/acs.jmedchem.0c00001", doi("10.1021/acs.jmedchem.0c00001", "https://doi.org/10.1021/acs.jmedchem.0c00001")],
  ["doi.org, encoded slash", "https://doi.org/10.1002%2Fanie.201915678", doi("10.1002/anie.201915678", "https://doi.org/10.1002%2Fanie.201915678")],
  [
    "doi.org, whole URL percent-encoded",
    "https%3A%2F%2Fdoi.org%2F10.1038%2Fs41586-020-2012-7",
    doi("10.1038/s41586-020-2012-7", "https://doi.org/10.1038/s41586-020-2012-7"),
  ],
  [
    "doi.org with SICI DOI",
    "https://doi.org/10.1002/(SICI)1097-4636(199706)35:4<431::AID-JBM4>3.0.CO;2-C",
    doi(SICI, "https://doi.org/10.1002/(SICI)1097-4636(199706)35:4%3C431::AID-JBM4%3E3.0.CO;2-C"),
  ],
  [
    "doi.org in parentheses in prose",
    "(https://doi.org/10.1016/S0140-6736(20)30183-5)",
    doi("10.1016/s0140-6736(20)30183-5", "https://doi.org/10.1016/S0140-6736(20)30183-5"),
  ],
  ["hdl.handle.net with a DOI", "https://hdl.handle.net/10.1000/182", doi("10.1000/182", "https://hdl.handle.net/10.1000/182")],
  ["hdl.handle.net non-DOI handle", "https://hdl.handle.net/1721.1/12345", url("https://hdl.handle.net/1721.1/12345")],
  [
    "Crossref API",
    "https://api.crossref.org/works/10.1037/0003-066X.59.1.29",
    doi("10.1037/0003-066x.59.1.29", "https://api.crossref.org/works/10.1037/0003-066X.59.1.29"),
  ],

  // --- Springer Nature
  [
    "Springer article",
    "https://link.springer.com/article/10.1007/s00125-020-05136-1",
    doi("10.1007/s00125-020-05136-1", "https://link.springer.com/article/10.1007/s00125-020-05136-1"),
  ],
  [
    "Springer chapter",
    "https://link.springer.com/chapter/10.1007/978-3-030-58452-8_13",
    doi("10.1007/978-3-030-58452-8_13", "https://link.springer.com/chapter/10.1007/978-3-030-58452-8_13"),
  ],
  [
    "Springer PDF",
    "https://link.springer.com/content/pdf/10.1007/s00125-020-05136-1.pdf",
    doi("10.1007/s00125-020-05136-1", "https://link.springer.com/content/pdf/10.1007/s00125-020-05136-1.pdf"),
  ],
  [
    "Springer PDF, encoded",
    "https://link.springer.com/content/pdf/10.1007%2F978-3-319-24277-4.pdf",
    doi("10.1007/978-3-319-24277-4", "https://link.springer.com/content/pdf/10.1007%2F978-3-319-24277-4.pdf"),
  ],
  ["Springer book catalogue", "https://www.springer.com/gp/book/9783030584528", isbn("9783030584528", "https://www.springer.com/gp/book/9783030584528")],
  [
    "BMC",
    "https://bmcbioinformatics.biomedcentral.com/articles/10.1186/s12859-020-3403-1",
    doi("10.1186/s12859-020-3403-1", "https://bmcbioinformatics.biomedcentral.com/articles/10.1186/s12859-020-3403-1"),
  ],
  [
    "SpringerOpen",
    "https://jis.springeropen.com/articles/10.1186/s13174-020-00123-4",
    doi("10.1186/s13174-020-00123-4", "https://jis.springeropen.com/articles/10.1186/s13174-020-00123-4"),
  ],
  ["Nature", "https://www.nature.com/articles/s41586-020-2012-7", doi("10.1038/s41586-020-2012-7", "https://www.nature.com/articles/s41586-020-2012-7")],
  [
    "Nature PDF",
    "https://www.nature.com/articles/s41586-020-2012-7.pdf",
    doi("10.1038/s41586-020-2012-7", "https://www.nature.com/articles/s41586-020-2012-7.pdf"),
  ],
  ["Nature Communications", "https://www.nature.com/articles/ncomms1234", doi("10.1038/ncomms1234", "https://www.nature.com/articles/ncomms1234")],
  [
    "Nature pre-2013 link",
    "http://www.nature.com/nature/journal/v505/n7484/full/nature12968.html",
    doi("10.1038/nature12968", "http://www.nature.com/nature/journal/v505/n7484/full/nature12968.html"),
  ],
  ["Nature non-article page", "https://www.nature.com/subjects/physics", url("https://www.nature.com/subjects/physics")],

  // --- Atypon platforms
  [
    "Wiley full",
    "https://onlinelibrary.wiley.com/doi/full/10.1002/anie.201915678",
    doi("10.1002/anie.201915678", "https://onlinelibrary.wiley.com/doi/full/10.1002/anie.201915678"),
  ],
  [
    "Wiley epdf",
    "https://onlinelibrary.wiley.com/doi/epdf/10.1002/anie.201915678",
    doi("10.1002/anie.201915678", "https://onlinelibrary.wiley.com/doi/epdf/10.1002/anie.201915678"),
  ],
  [
    "Wiley society subdomain",
    "https://agupubs.onlinelibrary.wiley.com/doi/10.1029/2019GL086091",
    doi("10.1029/2019gl086091", "https://agupubs.onlinelibrary.wiley.com/doi/10.1029/2019GL086091"),
  ],
  [
    "Wiley pre-2018 link",
    "https://onlinelibrary.wiley.com/doi/10.1111/j.1365-2486.2010.02232.x/abstract",
    doi("10.1111/j.1365-2486.2010.02232.x", "https://onlinelibrary.wiley.com/doi/10.1111/j.1365-2486.2010.02232.x/abstract"),
  ],
  [
    "Wiley SICI, percent-encoded",
    "https://onlinelibrary.wiley.com/doi/10.1002/(SICI)1097-4636(199706)35:4%3C431::AID-JBM4%3E3.0.CO;2-C",
    doi(SICI, "https://onlinelibrary.wiley.com/doi/10.1002/(SICI)1097-4636(199706)35:4%3C431::AID-JBM4%3E3.0.CO;2-C"),
  ],
  [
    "Wiley doi query parameter",
    "https://onlinelibrary.wiley.com/action/showCitFormats?doi=10.1002%2Fanie.201915678",
    doi("10.1002/anie.201915678", "https://onlinelibrary.wiley.com/action/showCitFormats?doi=10.1002%2Fanie.201915678"),
  ],
  [
    "Taylor & Francis abs",
    "https://www.tandfonline.com/doi/abs/10.1080/01621459.2017.1285773",
    doi("10.1080/01621459.2017.1285773", "https://www.tandfonline.com/doi/abs/10.1080/01621459.2017.1285773"),
  ],
  [
    "Taylor & Francis full, query and fragment",
    "https://www.tandfonline.com/doi/full/10.1080/01621459.2017.1285773?scroll=top&needAccess=true#abstract",
    doi("10.1080/01621459.2017.1285773", "https://www.tandfonline.com/doi/full/10.1080/01621459.2017.1285773?scroll=top&needAccess=true#abstract"),
  ],
  [
    "ACS",
    "https://pubs.acs.org/doi/10.1021/acs.jmedchem.0c00001",
    doi("10.1021/acs.jmedchem.0c00001", "https://pubs.acs.org/doi/10.1021/acs.jmedchem.0c00001"),
  ],
  ["ACS PDF", "https://pubs.acs.org/doi/pdf/10.1021/jacs.9b12345", doi("10.1021/jacs.9b12345", "https://pubs.acs.org/doi/pdf/10.1021/jacs.9b12345")],
  [
    "ACS supplement file",
    "https://pubs.acs.org/doi/suppl/10.1021/acs.jmedchem.0c00001/suppl_file/jm0c00001_si_001.pdf",
    doi("10.1021/acs.jmedchem.0c00001", "https://pubs.acs.org/doi/suppl/10.1021/acs.jmedchem.0c00001/suppl_file/jm0c00001_si_001.pdf"),
  ],
  [
    "SAGE",
    "https://journals.sagepub.com/doi/full/10.1177/0956797620904990",
    doi("10.1177/0956797620904990", "https://journals.sagepub.com/doi/full/10.1177/0956797620904990"),
  ],
  ["Science", "https://www.science.org/doi/10.1126/science.abb2507", doi("10.1126/science.abb2507", "https://www.science.org/doi/10.1126/science.abb2507")],
  ["Science legacy HighWire", "https://science.sciencemag.org/content/367/6483/1260", url("https://science.sciencemag.org/content/367/6483/1260")],
  ["PNAS", "https://www.pnas.org/doi/10.1073/pnas.2004168117", doi("10.1073/pnas.2004168117", "https://www.pnas.org/doi/10.1073/pnas.2004168117")],
  [
    "PNAS in prose, trailing dot",
    "Read https://www.pnas.org/doi/10.1073/pnas.2004168117.",
    doi("10.1073/pnas.2004168117", "https://www.pnas.org/doi/10.1073/pnas.2004168117"),
  ],
  ["NEJM", "https://www.nejm.org/doi/full/10.1056/NEJMoa2001017", doi("10.1056/nejmoa2001017", "https://www.nejm.org/doi/full/10.1056/NEJMoa2001017")],
  [
    "Royal Society",
    "https://royalsocietypublishing.org/doi/10.1098/rspa.2019.0001",
    doi("10.1098/rspa.2019.0001", "https://royalsocietypublishing.org/doi/10.1098/rspa.2019.0001"),
  ],
  [
    "ASCE (parentheses in DOI)",
    "https://ascelibrary.org/doi/abs/10.1061/(ASCE)CO.1943-7862.0001234",
    doi("10.1061/(asce)co.1943-7862.0001234", "https://ascelibrary.org/doi/abs/10.1061/(ASCE)CO.1943-7862.0001234"),
  ],
  ["ACM", "https://dl.acm.org/doi/10.1145/3313831.3376727", doi("10.1145/3313831.3376727", "https://dl.acm.org/doi/10.1145/3313831.3376727")],
  ["SIAM", "https://epubs.siam.org/doi/10.1137/19M1274067", doi("10.1137/19m1274067", "https://epubs.siam.org/doi/10.1137/19M1274067")],
  [
    "World Scientific",
    "https://www.worldscientific.com/doi/abs/10.1142/S0218127420500017",
    doi("10.1142/s0218127420500017", "https://www.worldscientific.com/doi/abs/10.1142/S0218127420500017"),
  ],
  [
    "Annual Reviews",
    "https://www.annualreviews.org/doi/10.1146/annurev-psych-010419-050825",
    doi("10.1146/annurev-psych-010419-050825", "https://www.annualreviews.org/doi/10.1146/annurev-psych-010419-050825"),
  ],
  [
    "AHA Journals",
    "https://www.ahajournals.org/doi/10.1161/CIRCULATIONAHA.120.046941",
    doi("10.1161/circulationaha.120.046941", "https://www.ahajournals.org/doi/10.1161/CIRCULATIONAHA.120.046941"),
  ],

  // --- Other platforms with the DOI in the URL
  [
    "APS",
    "https://journals.aps.org/prl/abstract/10.1103/PhysRevLett.116.061102",
    doi("10.1103/physrevlett.116.061102", "https://journals.aps.org/prl/abstract/10.1103/PhysRevLett.116.061102"),
  ],
  [
    "IOP (slashes in DOI, /pdf view)",
    "https://iopscience.iop.org/article/10.1088/1742-6596/1234/1/012001/pdf",
    doi("10.1088/1742-6596/1234/1/012001", "https://iopscience.iop.org/article/10.1088/1742-6596/1234/1/012001/pdf"),
  ],
  [
    "OUP article-lookup",
    "https://academic.oup.com/nar/article-lookup/doi/10.1093/nar/gkz1000",
    doi("10.1093/nar/gkz1000", "https://academic.oup.com/nar/article-lookup/doi/10.1093/nar/gkz1000"),
  ],
  ["OUP article page (no DOI)", "https://academic.oup.com/nar/article/48/D1/D1/5614178", url("https://academic.oup.com/nar/article/48/D1/D1/5614178")],
  [
    "Emerald",
    "https://www.emerald.com/insight/content/doi/10.1108/JD-03-2020-0040/full/html",
    doi("10.1108/jd-03-2020-0040", "https://www.emerald.com/insight/content/doi/10.1108/JD-03-2020-0040/full/html"),
  ],
  [
    "De Gruyter",
    "https://www.degruyter.com/document/doi/10.1515/jib-2020-0001/html",
    doi("10.1515/jib-2020-0001", "https://www.degruyter.com/document/doi/10.1515/jib-2020-0001/html"),
  ],
  [
    "PLOS",
    "https://journals.plos.org/plosone/article?id=10.1371/journal.pone.0230405",
    doi("10.1371/journal.pone.0230405", "https://journals.plos.org/plosone/article?id=10.1371/journal.pone.0230405"),
  ],
  [
    "PLOS printable file",
    "https://journals.plos.org/plosmedicine/article/file?id=10.1371/journal.pmed.1003160&type=printable",
    doi("10.1371/journal.pmed.1003160", "https://journals.plos.org/plosmedicine/article/file?id=10.1371/journal.pmed.1003160&type=printable"),
  ],
  [
    "PLOS ONE legacy info:doi",
    "http://www.plosone.org/article/info%3Adoi%2F10.1371%2Fjournal.pone.0012345",
    doi("10.1371/journal.pone.0012345", "http://www.plosone.org/article/info%3Adoi%2F10.1371%2Fjournal.pone.0012345"),
  ],
  [
    "Frontiers",
    "https://www.frontiersin.org/articles/10.3389/fpsyg.2020.01234/full",
    doi("10.3389/fpsyg.2020.01234", "https://www.frontiersin.org/articles/10.3389/fpsyg.2020.01234/full"),
  ],
  [
    "Frontiers journal path",
    "https://www.frontiersin.org/journals/psychology/articles/10.3389/fpsyg.2020.01234/pdf",
    doi("10.3389/fpsyg.2020.01234", "https://www.frontiersin.org/journals/psychology/articles/10.3389/fpsyg.2020.01234/pdf"),
  ],
  [
    "bioRxiv, version stripped",
    "https://www.biorxiv.org/content/10.1101/2020.03.01.972935v2",
    doi("10.1101/2020.03.01.972935", "https://www.biorxiv.org/content/10.1101/2020.03.01.972935v2"),
  ],
  [
    "bioRxiv full PDF",
    "https://www.biorxiv.org/content/10.1101/2020.03.01.972935v1.full.pdf",
    doi("10.1101/2020.03.01.972935", "https://www.biorxiv.org/content/10.1101/2020.03.01.972935v1.full.pdf"),
  ],
  ["bioRxiv six-digit DOI", "https://www.biorxiv.org/content/10.1101/123456v3", doi("10.1101/123456", "https://www.biorxiv.org/content/10.1101/123456v3")],
  [
    "medRxiv",
    "https://www.medrxiv.org/content/10.1101/2020.04.14.20062463v1.full-text",
    doi("10.1101/2020.04.14.20062463", "https://www.medrxiv.org/content/10.1101/2020.04.14.20062463v1.full-text"),
  ],
  [
    "Thieme",
    "https://www.thieme-connect.com/products/ejournals/abstract/10.1055/s-0040-1701234",
    doi("10.1055/s-0040-1701234", "https://www.thieme-connect.com/products/ejournals/abstract/10.1055/s-0040-1701234"),
  ],
  ["JSTOR with DOI", "https://www.jstor.org/stable/10.2307/1234567", doi("10.2307/1234567", "https://www.jstor.org/stable/10.2307/1234567")],
  ["JSTOR stable number (not guessed)", "https://www.jstor.org/stable/1234567", url("https://www.jstor.org/stable/1234567")],
  [
    "APA PsycNet doi query",
    "https://psycnet.apa.org/doiLanding?doi=10.1037%2Fa0012345",
    doi("10.1037/a0012345", "https://psycnet.apa.org/doiLanding?doi=10.1037%2Fa0012345"),
  ],

  // --- Hosts whose URL is a fixed function of the DOI
  ["BMJ", "https://www.bmj.com/content/368/bmj.m1091", doi("10.1136/bmj.m1091", "https://www.bmj.com/content/368/bmj.m1091")],
  ["eLife", "https://elifesciences.org/articles/57309", doi("10.7554/elife.57309", "https://elifesciences.org/articles/57309")],
  ["PeerJ", "https://peerj.com/articles/9017/", doi("10.7717/peerj.9017", "https://peerj.com/articles/9017/")],
  ["Hindawi", "https://www.hindawi.com/journals/bmri/2020/1234567/", doi("10.1155/2020/1234567", "https://www.hindawi.com/journals/bmri/2020/1234567/")],
  [
    "RSC",
    "https://pubs.rsc.org/en/content/articlelanding/2020/sc/d0sc01234a",
    doi("10.1039/d0sc01234a", "https://pubs.rsc.org/en/content/articlelanding/2020/sc/d0sc01234a"),
  ],
  ["Copernicus", "https://acp.copernicus.org/articles/20/1234/2020/", doi("10.5194/acp-20-1234-2020", "https://acp.copernicus.org/articles/20/1234/2020/")],
  [
    "SSRN",
    "https://papers.ssrn.com/sol3/papers.cfm?abstract_id=3557504",
    doi("10.2139/ssrn.3557504", "https://papers.ssrn.com/sol3/papers.cfm?abstract_id=3557504"),
  ],
  // Zenodo mints 10.5281/zenodo.<id> only for records without a DOI of their own: not exact.
  ["Zenodo (not guessed)", "https://zenodo.org/records/3723275", url("https://zenodo.org/records/3723275")],

  // --- Known hosts with no DOI in the URL: read the landing page later
  [
    "ScienceDirect PII",
    "https://www.sciencedirect.com/science/article/pii/S0140673620301835",
    url("https://www.sciencedirect.com/science/article/pii/S0140673620301835"),
  ],
  ["Cell PII", "https://www.cell.com/cell/fulltext/S0092-8674(20)30229-4", url("https://www.cell.com/cell/fulltext/S0092-8674(20)30229-4")],
  [
    "The Lancet PII",
    "https://www.thelancet.com/journals/lancet/article/PIIS0140-6736(20)30183-5/fulltext",
    url("https://www.thelancet.com/journals/lancet/article/PIIS0140-6736(20)30183-5/fulltext"),
  ],
  ["IEEE Xplore", "https://ieeexplore.ieee.org/document/8798686", url("https://ieeexplore.ieee.org/document/8798686")],
  ["JAMA Network", "https://jamanetwork.com/journals/jama/fullarticle/2767671", url("https://jamanetwork.com/journals/jama/fullarticle/2767671")],
  [
    "Cambridge Core",
    "https://www.cambridge.org/core/journals/psychological-medicine/article/abc/0123456789ABCDEF",
    url("https://www.cambridge.org/core/journals/psychological-medicine/article/abc/0123456789ABCDEF"),
  ],
  ["MDPI", "https://www.mdpi.com/2073-4425/11/3/240", url("https://www.mdpi.com/2073-4425/11/3/240")],
  [
    "ScienceDirect without scheme",
    "www.sciencedirect.com/science/article/pii/S0140673620301835",
    url("https://www.sciencedirect.com/science/article/pii/S0140673620301835"),
  ],

  // --- arXiv
  ["arXiv abs", "https://arxiv.org/abs/2001.01234", arxiv("2001.01234", "https://arxiv.org/abs/2001.01234")],
  ["arXiv PDF with version", "https://arxiv.org/pdf/1706.03762v7.pdf", arxiv("1706.03762", "https://arxiv.org/pdf/1706.03762v7.pdf")],
  ["arXiv old-style URL", "https://arxiv.org/abs/hep-th/9901001v1", arxiv("hep-th/9901001", "https://arxiv.org/abs/hep-th/9901001v1")],
  ["arXiv: label with version", "arXiv:1706.03762v7", arxiv("1706.03762")],
  ["arXiv old style with subject class", "arXiv:math.GT/0309136", arxiv("math/0309136")],
  ["arXiv 2007-2014 four-digit serial", "arXiv:0704.0001", arxiv("0704.0001")],
  ["bare new-style arXiv id", "1706.03762", arxiv("1706.03762")],
  ["bare old-style arXiv id", "hep-th/9901001", arxiv("hep-th/9901001")],
  ["arXiv DOI", "10.48550/arXiv.1706.03762", arxiv("1706.03762")],
  ["arXiv DOI via doi.org", "https://doi.org/10.48550/arXiv.2001.01234", arxiv("2001.01234", "https://doi.org/10.48550/arXiv.2001.01234")],
  ["arXiv DOI, old style", "doi:10.48550/arXiv.hep-th/9901001", arxiv("hep-th/9901001")],
  ["arXiv id with impossible month", "arXiv:2013.01234", title("arXiv:2013.01234")],

  // --- PubMed and PMC
  ["PubMed", "https://pubmed.ncbi.nlm.nih.gov/32015507/", pmid("32015507", "https://pubmed.ncbi.nlm.nih.gov/32015507/")],
  ["NCBI legacy PubMed", "https://www.ncbi.nlm.nih.gov/pubmed/32015507", pmid("32015507", "https://www.ncbi.nlm.nih.gov/pubmed/32015507")],
  ["NCBI legacy PMC", "https://www.ncbi.nlm.nih.gov/pmc/articles/PMC7092803/", pmcid("PMC7092803", "https://www.ncbi.nlm.nih.gov/pmc/articles/PMC7092803/")],
  ["PMC", "https://pmc.ncbi.nlm.nih.gov/articles/PMC7092803/", pmcid("PMC7092803", "https://pmc.ncbi.nlm.nih.gov/articles/PMC7092803/")],
  ["Europe PMC MED", "https://europepmc.org/article/MED/32015507", pmid("32015507", "https://europepmc.org/article/MED/32015507")],
  ["Europe PMC PMC", "https://europepmc.org/article/PMC/PMC7092803", pmcid("PMC7092803", "https://europepmc.org/article/PMC/PMC7092803")],
  ["PMID label", "PMID: 32015507", pmid("32015507")],
  ["pmid label, lower case", "pmid 32015507", pmid("32015507")],
  ["bare digits are a PMID", "32015507", pmid("32015507")],
  ["Persian-digit PMID", "PMID: ۳۲۰۱۵۵۰۷", pmid("32015507")],
  ["bare Persian digits", "۳۲۰۱۵۵۰۷", pmid("32015507")],
  ["PMCID label", "PMCID: PMC7092803", pmcid("PMC7092803")],
  ["PMCID in prose", "see pmc7092803 for the full text", pmcid("PMC7092803")],

  // --- ISBN
  ["ISBN-13 with hyphens", "978-3-16-148410-0", isbn("9783161484100")],
  ["ISBN-10 with label", "ISBN 0-306-40615-2", isbn("9780306406157")],
  ["ISBN-10 ending in X", "0-8044-2957-X", isbn("9780804429573")],
  ["ISBN-13 label and trailing note", "ISBN-13: 978-0-306-40615-7 (hardcover)", isbn("9780306406157")],
  ["bare 13-digit ISBN", "9780306406157", isbn("9780306406157")],
  ["bare 10-digit ISBN", "0306406152", isbn("9780306406157")],
  ["Persian-digit ISBN", "۹۷۸-۳-۱۶-۱۴۸۴۱۰-۰", isbn("9783161484100")],
  ["unlabelled ISBN-13 in prose", "کتاب با شابک 978-3-16-148410-0 را می‌خواهم", isbn("9783161484100")],
  ["ISBN-979", "979-10-00000-00-8", isbn("9791000000008")],
  ["10 digits with a bad checksum: not guessed", "0306406153", title("0306406153")],
  ["9 bare digits: not guessed", "123456789", title("123456789")],

  // --- Plain URLs, titles, empty
  ["unknown host", "https://example.com/paper/123", url("https://example.com/paper/123")],
  [
    "DOI as a path segment on any host",
    "https://mirror.example.org/10.1038/nature12373",
    doi("10.1038/nature12373", "https://mirror.example.org/10.1038/nature12373"),
  ],
  ["schemeless unknown host with a DOI path in prose", "try example.org/10.1000/xyz please", doi("10.1000/xyz")],

  // --- General rules (issue 14): DOI as a path run, as a query value, after resolver prefixes
  [
    "Wiley SICI with view and jsessionid",
    "http://onlinelibrary.wiley.com/doi/10.1002/1521-3951(200009)221:1<453::AID-PSSB453>3.0.CO;2-Q/abstract;jsessionid=FAD5B5661A7D",
    doi(
      "10.1002/1521-3951(200009)221:1<453::aid-pssb453>3.0.co;2-q",
      "http://onlinelibrary.wiley.com/doi/10.1002/1521-3951(200009)221:1%3C453::AID-PSSB453%3E3.0.CO;2-Q/abstract;jsessionid=FAD5B5661A7D",
    ),
  ],
  [
    "Silverchair (OUP): numeric article id after the DOI",
    "https://academic.oup.com/isq/advance-article-abstract/doi/10.1093/isq/sqaa085/5999080?redirectedFrom=fulltext",
    doi("10.1093/isq/sqaa085", "https://academic.oup.com/isq/advance-article-abstract/doi/10.1093/isq/sqaa085/5999080?redirectedFrom=fulltext"),
  ],
  [
    "Silverchair (ASH): article id and title slug",
    "https://ashpublications.org/blood/article/136/1/1/474417/Preleukemic-and-Leukemic-Evolution",
    url("https://ashpublications.org/blood/article/136/1/1/474417/Preleukemic-and-Leukemic-Evolution"),
  ],
  [
    "title slug after the DOI",
    "http://www.nomos-elibrary.de/10.5235/219174411798862578/criminal-law-issues-in-the-case-law",
    doi("10.5235/219174411798862578", "http://www.nomos-elibrary.de/10.5235/219174411798862578/criminal-law-issues-in-the-case-law"),
  ],
  [
    "two-segment DOI kept, slug cut",
    "https://oxford.universitypressscholarship.com/view/10.1093/acprof:oso/9780199299591.001.0001/acprof-9780199299591",
    doi(
      "10.1093/acprof:oso/9780199299591.001.0001",
      "https://oxford.universitypressscholarship.com/view/10.1093/acprof:oso/9780199299591.001.0001/acprof-9780199299591",
    ),
  ],
  [
    "DOI deep in a path",
    "http://scitation.aip.org/content/aip/journal/jap/49/3/10.1063/1.324716",
    doi("10.1063/1.324716", "http://scitation.aip.org/content/aip/journal/jap/49/3/10.1063/1.324716"),
  ],
  [
    "doi: segment in a path",
    "http://datadryad.org/resource/doi:10.5061/dryad.9025",
    doi("10.5061/dryad.9025", "http://datadryad.org/resource/doi:10.5061/dryad.9025"),
  ],
  [
    "id= query value",
    "https://www.aeaweb.org/articles?id=10.1257/jep.28.4.3",
    doi("10.1257/jep.28.4.3", "https://www.aeaweb.org/articles?id=10.1257/jep.28.4.3"),
  ],
  [
    "persistentId=doi: query value",
    "https://dataverse.no/dataset.xhtml?persistentId=doi:10.18710/GUX2O8",
    doi("10.18710/gux2o8", "https://dataverse.no/dataset.xhtml?persistentId=doi:10.18710/GUX2O8"),
  ],
  ["ftp resolver link: the DOI in its path", "ftp://doi.org/10.1016/j.neuron.2014.09.004", doi("10.1016/j.neuron.2014.09.004")],
  ["bare DOI with a query", "10.1007/s11739-017-1643-7?utm_source=twitter.com", doi("10.1007/s11739-017-1643-7")],
  ["bare DOI with a fragment", "10.1111/nicc.12290#.wlw5yueemak.twitter", doi("10.1111/nicc.12290")],
  [
    "SICI check character # kept",
    'Wiley DOI: 10.1002/(SICI)1096-8644(199601)99:1<135::AID-AJPA8>3.0.CO;2-#",',
    doi("10.1002/(sici)1096-8644(199601)99:1<135::aid-ajpa8>3.0.co;2-#"),
  ],
  ["ISBN-A: the DOI and its ISBN", "This is an ISBN-A: 10.978.8898392/315", { ...doi("10.978.8898392/315"), isbn: "9788898392315" }],
  ["not an ISBN-A (bad check digit)", "10.978.8898392/316", title("10.978.8898392/316")],
  ["PubMed ?term=N", "https://www.ncbi.nlm.nih.gov/pubmed/?term=11109029", pmid("11109029", "https://www.ncbi.nlm.nih.gov/pubmed/?term=11109029")],
  ["PubMed mobile", "https://www.ncbi.nlm.nih.gov/m/pubmed/123456", pmid("123456", "https://www.ncbi.nlm.nih.gov/m/pubmed/123456")],
  ["PubMed leading zeros", "https://www.ncbi.nlm.nih.gov/pubmed/00123456", pmid("123456", "https://www.ncbi.nlm.nih.gov/pubmed/00123456")],
  ["info:pmid/", "info:pmid/000123", pmid("123")],
  ["old-style arXiv id without a label", "Example: math.GT/0309136", arxiv("math/0309136")],
  [
    "Springer full-text view after the DOI",
    "https://link.springer.com/article/10.1007/s00125-020-05136-1/fulltext.html",
    doi("10.1007/s00125-020-05136-1", "https://link.springer.com/article/10.1007/s00125-020-05136-1/fulltext.html"),
  ],
  [
    "search link whose query is a DOI",
    "https://scholar.google.com/scholar?q=10.1038/nature12373",
    doi("10.1038/nature12373", "https://scholar.google.com/scholar?q=10.1038/nature12373"),
  ],
  [
    "search link whose query is a title (nothing read)",
    "https://scholar.google.com/scholar?q=deep+learning",
    url("https://scholar.google.com/scholar?q=deep+learning"),
  ],
  [
    "multi-segment DataCite DOI kept whole",
    "https://dataverse.harvard.edu/doi/10.7910/DVN/BEJTMI",
    doi("10.7910/dvn/bejtmi", "https://dataverse.harvard.edu/doi/10.7910/DVN/BEJTMI"),
  ],
  [
    "Research Square version segment kept",
    "https://www.researchsquare.com/article/10.21203/rs.3.rs-631949/v1",
    doi("10.21203/rs.3.rs-631949/v1", "https://www.researchsquare.com/article/10.21203/rs.3.rs-631949/v1"),
  ],
  [
    "bioRxiv pre-2019 link",
    "https://www.biorxiv.org/content/early/2017/08/31/087619.full.pdf",
    doi("10.1101/087619", "https://www.biorxiv.org/content/early/2017/08/31/087619.full.pdf"),
  ],
  [
    "ADS bibcode of an arXiv e-print",
    "https://ui.adsabs.harvard.edu/abs/2020arXiv201207436Z/abstract",
    arxiv("2012.07436", "https://ui.adsabs.harvard.edu/abs/2020arXiv201207436Z/abstract"),
  ],
  [
    "ADS bibcode of a journal article (not guessed)",
    "https://ui.adsabs.harvard.edu/abs/2016PhRvL.116f1102A/abstract",
    url("https://ui.adsabs.harvard.edu/abs/2016PhRvL.116f1102A/abstract"),
  ],
  ["doi.org with urn:doi:", "https://doi.org/urn:doi:10.1000/182", doi("10.1000/182", "https://doi.org/urn:doi:10.1000/182")],
  ["alphaXiv", "https://www.alphaxiv.org/abs/2101.00001v2", arxiv("2101.00001", "https://www.alphaxiv.org/abs/2101.00001v2")],

  // --- Held-out failure classes (scripts/identify-heldout.ts): where a token copied from markup ends
  [
    "DOI as markdown link text",
    "DOI: [10.22034/riejournal.2025.223902](https://doi.org/10.22034/riejournal.2025.223902).",
    doi("10.22034/riejournal.2025.223902"),
  ],
  [
    "doi.org URL as markdown link text",
    "[https://doi.org/10.22034/aeis.2024.460563.1202](https://doi.org/x)",
    doi("10.22034/aeis.2024.460563.1202", "https://doi.org/10.22034/aeis.2024.460563.1202"),
  ],
  [
    "URL in an HTML attribute",
    '<a href="https://wires.onlinelibrary.wiley.com/doi/epdf/10.1002/widm.1484">tuning</a>',
    doi("10.1002/widm.1484", "https://wires.onlinelibrary.wiley.com/doi/epdf/10.1002/widm.1484"),
  ],
  ["DOI in backticks", "| DOI | `10.22034/aeis.2024.460563.1202` |", doi("10.22034/aeis.2024.460563.1202")],
  ["DOI before an XML closing tag", "<dc:identifier>doi:10.1063/1.5079474</dc:identifier>", doi("10.1063/1.5079474")],
  ["DOI in a PDF link annotation", "<(DOI:10.1002/9780470915.CH2)/S/URI,", doi("10.1002/9780470915.ch2")],
  [
    "URL in a PDF link annotation",
    "A<</S/URI/URI(https://doi.org/10.1016/j.comptc.2018.10.004)>>/Border[0 0 0]",
    doi("10.1016/j.comptc.2018.10.004", "https://doi.org/10.1016/j.comptc.2018.10.004"),
  ],
  [
    "URL in angle brackets then a comma",
    "EZproxy: <https://doi.org/10.1093/ageing/afaf050>, or",
    doi("10.1093/ageing/afaf050", "https://doi.org/10.1093/ageing/afaf050"),
  ],
  ["DOI after doi( with a stray semicolon", "doi(10.1038/s41535-018-0103-6;)", doi("10.1038/s41535-018-0103-6")],
  ["balanced parentheses at the end are the DOI's", "(doi:10.1016/0001-8708(91)90003-P)", doi("10.1016/0001-8708(91)90003-p")],
  ["balanced brackets inside a SICI DOI", "[10.1890/0012-9658(2006)87[2832:TIOPMA]2.0.CO;2]", doi("10.1890/0012-9658(2006)87[2832:tiopma]2.0.co;2")],
  ["a .digits tail is the DOI's", "bla doi:10.1007/s10549-018-4743-9.1234 with", doi("10.1007/s10549-018-4743-9.1234")],
  ["BibTeX-escaped underscore", "10.1007/978-3-030-02671-4\\_7", doi("10.1007/978-3-030-02671-4_7")],
  ["replacement character after a DOI", "other stuff 10.1006/jmbi.1998.2354\ufffd", doi("10.1006/jmbi.1998.2354")],
  ["percent-encoded doi: label", "DOI%3A10.1002%2Fanie.201915678", doi("10.1002/anie.201915678")],
  // A # or ? inside a DOI is encoded in a link; decoded, it is the DOI's own.
  ["encoded # in a doi.org path", "http://doi.org/10.1006/rwei.1999%23.0001", doi("10.1006/rwei.1999#.0001", "http://doi.org/10.1006/rwei.1999%23.0001")],
  ["encoded ? in a doi.org path", "http://doi.org/10.1006/rwei.1999%3F.0001", doi("10.1006/rwei.1999?.0001", "http://doi.org/10.1006/rwei.1999%3F.0001")],
  [
    "SICI check character # at the end of a doi.org link",
    "http://doi.org/10.1002/(SICI)1099-050X(199823/24)37:3/4<197::AID-HRM2>3.0.CO;2-#",
    doi(
      "10.1002/(sici)1099-050x(199823/24)37:3/4<197::aid-hrm2>3.0.co;2-#",
      "http://doi.org/10.1002/(SICI)1099-050X(199823/24)37:3/4%3C197::AID-HRM2%3E3.0.CO;2-#",
    ),
  ],
  ["a bare DOI still ends at a fragment", "10.1111/nicc.12290#.wlw5yueemak.twitter", doi("10.1111/nicc.12290")],
  // An identifier later in the text beats a URL that carries none; one inside that URL does not.
  [
    "DOI after a URL that carries none",
    '<rdf:Description xmlns:dc="http://purl.org/dc/elements.1/"><dc:identifier>doi:10.1063/1.5079474</dc:identifier>',
    doi("10.1063/1.5079474"),
  ],
  [
    "ISBN inside a book-chapter URL is not taken",
    "http://iopscience.iop.org/book/978-0-7503-1218-9/chapter/bk978-0-7503-1218-9ch16",
    url("http://iopscience.iop.org/book/978-0-7503-1218-9/chapter/bk978-0-7503-1218-9ch16"),
  ],
  [
    "a publisher's page first keeps its place before another work's DOI",
    "([Holmes](<https://www.cell.com/cell/fulltext/S0092-8674(21)00991-0>), [Worobey](https://www.science.org/doi/10.1126/science.abp8715))",
    url("https://www.cell.com/cell/fulltext/S0092-8674(21)00991-0"),
  ],
  // Second held-out round: an old "sj." Nature journal's file name is not its DOI suffix
  [
    "Nature sj. journal PDF is not guessed",
    "http://www.nature.com/ejhg/journal/v8/n5/pdf/5200459a.pdf",
    url("http://www.nature.com/ejhg/journal/v8/n5/pdf/5200459a.pdf"),
  ],
  ["Nature numeric article id is not guessed", "https://www.nature.com/articles/6601234", url("https://www.nature.com/articles/6601234")],
  // Redirectors and library proxies
  [
    "Google Scholar redirect",
    "https://scholar.google.com/scholar_url?url=https://dl.acm.org/doi/pdf/10.1145/168304.168306&hl=en&sa=T&oi=gsb-ggp",
    doi("10.1145/168304.168306", "https://dl.acm.org/doi/pdf/10.1145/168304.168306"),
  ],
  [
    "Google redirect, encoded",
    "https://www.google.com/url?sa=t&q=https%3A%2F%2Farxiv.org%2Fabs%2F1803.02155v2&usg=x",
    arxiv("1803.02155", "https://arxiv.org/abs/1803.02155v2"),
  ],
  [
    "EZproxy login?url= with the target's own query",
    "https://ezproxy.univ.edu/login?url=https://www.nature.com/articles/s41586-020-2649-2?error=cookies_not_supported&code=x",
    doi("10.1038/s41586-020-2649-2", "https://www.nature.com/articles/s41586-020-2649-2?error=cookies_not_supported"),
  ],
  [
    "EZproxy wrapper of a page without a DOI: the target page",
    "https://ezproxy.univ.edu/login?url=https://www.sciencedirect.com/science/article/pii/S0140673620301835",
    url("https://www.sciencedirect.com/science/article/pii/S0140673620301835"),
  ],
  [
    "EZproxy host (hyphenated)",
    "https://www-nature-com.ezproxy.univ.edu/articles/s41586-020-2649-2",
    doi("10.1038/s41586-020-2649-2", "https://www-nature-com.ezproxy.univ.edu/articles/s41586-020-2649-2"),
  ],
  [
    "EZproxy host (appended)",
    "https://www.nature.com.ezproxy.lib.univ.edu/articles/s41586-020-2649-2",
    doi("10.1038/s41586-020-2649-2", "https://www.nature.com.ezproxy.lib.univ.edu/articles/s41586-020-2649-2"),
  ],
  [
    "EZproxy host, a hyphen of the original doubled",
    "https://www-thieme--connect-de.ezproxy.univ.edu/products/ejournals/abstract/10.1055/s-0036-1597987",
    doi("10.1055/s-0036-1597987", "https://www-thieme--connect-de.ezproxy.univ.edu/products/ejournals/abstract/10.1055/s-0036-1597987"),
  ],
  [
    "EZproxy host of a PII page stays a page",
    "https://www-sciencedirect-com.ezproxy.univ.edu/science/article/pii/S0140673620301835",
    url("https://www-sciencedirect-com.ezproxy.univ.edu/science/article/pii/S0140673620301835"),
  ],
  [
    "Nature legacy id through a proxy is not guessed",
    "https://www-nature-com.ezproxy.univ.edu/articles/onc2011282",
    url("https://www-nature-com.ezproxy.univ.edu/articles/onc2011282"),
  ],
  [
    "hyphenated host that is no proxy",
    "https://my-nature-site.example.org/articles/s41586-020-2649-2",
    url("https://my-nature-site.example.org/articles/s41586-020-2649-2"),
  ],
  // arXiv forms
  ["arXiv archive before a new-style id", "arXiv:hep-th/1601.07616", arxiv("1601.07616")],
  ["same, without the label", "see hep-th/1601.07616v2 for", arxiv("1601.07616")],
  ["arXiv listing form", "0706.0001v1 [q-bio.CB]", arxiv("0706.0001")],
  ["arXiv id at the end of a sentence", "See arXiv:2001.01234v3.", arxiv("2001.01234")],
  ["arXiv id inside a longer number is not read", "arXiv:2001.01234.5", title("arXiv:2001.01234.5")],
  ["listing form, new archive", "published as 2301.01234 [stat.ML]", arxiv("2301.01234")],
  ["a number with an unknown bracket is no arXiv id", "1234.5678 [fig. 2]", title("1234.5678 [fig. 2]")],
  // ISBN forms
  ["ISBN with the Persian label", "شابک: ۰-۹۷۵۲۲۹۸-۰-X", isbn("9780975229804")],
  ["ISBN-13 after a false 978 run", "978 9781234567 897", isbn("9781234567897")],
  ["a list of ISBN-10s", "123456789X, 0199535922", isbn("9781234567897")],
  ["a list with an invalid ISBN is no list", "123456789X, 1234567890", title("123456789X, 1234567890")],

  // ISBNs and DOIs in links of any host
  [
    "ISBN-13 as a path segment",
    "https://press.example.edu/book/9780262037310/elements-of-causal-inference/",
    isbn("9780262037310", "https://press.example.edu/book/9780262037310/elements-of-causal-inference/"),
  ],
  [
    "hyphenated ISBN-13 in a slug",
    "https://shop.example.com/flute-time-book-978-0-19-322103-1?cc=de",
    isbn("9780193221031", "https://shop.example.com/flute-time-book-978-0-19-322103-1?cc=de"),
  ],
  [
    "ISBN-10 labelled isbn in the query",
    "https://www.example.edu/catalog.php?isbn=0262033844",
    isbn("9780262033848", "https://www.example.edu/catalog.php?isbn=0262033844"),
  ],
  ["unlabelled ten digits in a path are no ISBN", "https://www.example.com/articles/0262033844", url("https://www.example.com/articles/0262033844")],
  ["ISBN-13 with a bad check digit", "https://press.example.edu/book/9780262037311", url("https://press.example.edu/book/9780262037311")],
  [
    "ISBN digits inside a PII are no ISBN",
    "https://www.sciencedirect.com/science/article/pii/B9780123694683500083",
    url("https://www.sciencedirect.com/science/article/pii/B9780123694683500083"),
  ],
  [
    "a chapter's link: the book's ISBN is not the chapter",
    "https://press.example.org/book/978-0-7503-1218-9/chapter/ch16",
    url("https://press.example.org/book/978-0-7503-1218-9/chapter/ch16"),
  ],
  [
    "a page of a book: not the book",
    "https://www.cairn.info/some-title--9782728835904-page-111.htm",
    url("https://www.cairn.info/some-title--9782728835904-page-111.htm"),
  ],
  [
    "Oxford entry after the book's DOI: neither the book's DOI nor ISBN",
    "https://www.oxfordreference.com/view/10.1093/acref/9780199546572.001.0001/acref-9780199546572-e-9",
    url("https://www.oxfordreference.com/view/10.1093/acref/9780199546572.001.0001/acref-9780199546572-e-9"),
  ],
  [
    "Oxford book page keeps the book's DOI",
    "https://oxford.universitypressscholarship.com/view/10.1093/acprof:oso/9780199299591.001.0001/acprof-9780199299591",
    doi(
      "10.1093/acprof:oso/9780199299591.001.0001",
      "https://oxford.universitypressscholarship.com/view/10.1093/acprof:oso/9780199299591.001.0001/acprof-9780199299591",
    ),
  ],
  [
    "a query that is wholly a DOI",
    "http://www.thieme-connect.de/DOI/DOI?10.1055/s-0038-1636965",
    doi("10.1055/s-0038-1636965", "http://www.thieme-connect.de/DOI/DOI?10.1055/s-0038-1636965"),
  ],
  [
    "a journal's DOI before its issue list",
    "https://onlinelibrary.wiley.com/journal/10.1111/(ISSN)1470-9856/issues",
    doi("10.1111/(issn)1470-9856", "https://onlinelibrary.wiley.com/journal/10.1111/(ISSN)1470-9856/issues"),
  ],
  [
    "BibTeX-escaped underscore in a resolver link",
    "https://doi.org/10.1007/978-3-642-40328-6\\_47",
    doi("10.1007/978-3-642-40328-6_47", "https://doi.org/10.1007/978-3-642-40328-6_47"),
  ],
  ["Crossref's test prefix in a site's path is a placeholder", "https://dl.acm.org/doi/10.5555/1717186", url("https://dl.acm.org/doi/10.5555/1717186")],
  ["…but a resolver link on it is a DOI", "https://doi.org/10.5555/12345678", doi("10.5555/12345678", "https://doi.org/10.5555/12345678")],

  // --- Never guess: opaque ids go to the landing page
  ["Nature legacy id (DOI has dots the id lost)", "https://www.nature.com/articles/onc2011282", url("https://www.nature.com/articles/onc2011282")],
  ["Nature Scientific Data legacy id", "https://www.nature.com/articles/sdata201618", url("https://www.nature.com/articles/sdata201618")],
  ["Nature dotted id kept", "https://www.nature.com/articles/ng.3097", doi("10.1038/ng.3097", "https://www.nature.com/articles/ng.3097")],
  ["IEEE document number", "https://ieeexplore.ieee.org/document/8099678", url("https://ieeexplore.ieee.org/document/8099678")],
  ["Handle id", "http://hdl.handle.net/10149/596901", url("http://hdl.handle.net/10149/596901")],
  ["www. URL without scheme", "www.example.com/article", url("https://www.example.com/article")],
  [
    "URL before a DOI in prose",
    "https://www.nature.com/articles/s41586-020-2012-7 or 10.1126/science.abb2507",
    doi("10.1038/s41586-020-2012-7", "https://www.nature.com/articles/s41586-020-2012-7"),
  ],
  ["English title", "Attention Is All You Need", title("Attention Is All You Need")],
  ["title with a dotted word and slash", "Node.js/Express in practice", title("Node.js/Express in practice")],
  ["quoted Persian title, whitespace collapsed", "  «یادگیری   عمیق در پزشکی»  ", title("یادگیری عمیق در پزشکی")],
  ["empty", "", empty],
  ["whitespace only", "   \n\t ", empty],
];

describe("identify", () => {
  it.each(cases)("%s: %s", (_label, input, expected) => {
    const got = identify(input);
    expect(got).toEqual(expected);
    expect(IdentifyResult.parse(got)).toEqual(got);
  });

  it("covers enough cases and publishers", () => {
    expect(cases.length).toBeGreaterThanOrEqual(90);
    const hosts = new Set<string>();
    for (const [, input] of cases) {
      const m = /^(?:https?:\/\/)?(?:www\.)?([a-z0-9.-]+\.[a-z]{2,})\//i.exec(input);
      if (m?.[1]) hosts.add(m[1].toLowerCase());
    }
    expect(hosts.size).toBeGreaterThanOrEqual(30);
  });

  it("reads a DOI standing as a path run on any host, without its view", () => {
    for (const host of ["example.com", "researchgate.net", "mirror.example.net"]) {
      expect(identify(`https://${host}/doi/full/10.1038/nature12373`).doi).toBe("10.1038/nature12373");
      expect(identify(`https://${host}/doi/10.1038/nature12373/pdf`).doi).toBe("10.1038/nature12373");
    }
  });

  it("keeps only the first identifier and the whole input otherwise untouched", () => {
    expect(identify("arXiv:1706.03762 and PMID: 32015507").kind).toBe("arxiv");
    expect(identify("PMCID: PMC7092803, PMID: 32015507").kind).toBe("pmcid");
  });
});

describe("host table", () => {
  it("lists each host pattern once, lower case, without www.", () => {
    const seen = new Set<string>();
    for (const rule of HOST_RULES) {
      for (const host of rule.hosts) {
        expect(host).toBe(host.toLowerCase());
        expect(host.startsWith("www.")).toBe(false);
        expect(seen.has(host)).toBe(false);
        seen.add(host);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(30);
  });
});

describe("normalizeDoi", () => {
  it.each([
    ["10.1038/NATURE12373", "10.1038/nature12373"],
    ["https://doi.org/10.1038/nature12373", "10.1038/nature12373"],
    ["http://dx.doi.org/10.1038/nature12373.", "10.1038/nature12373"],
    ["doi: 10.1002%2Fanie.201915678", "10.1002/anie.201915678"],
    ["urn:doi:10.1000/182", "10.1000/182"],
    ["10.1016/S0140-6736(20)30183-5)", "10.1016/s0140-6736(20)30183-5"],
    ["10.1002/(SICI)1097-4636(199706)35:4<431::AID-JBM4>3.0.CO;2-C", SICI],
    ["۱۰.۱۰۰۰/۱۸۲", "10.1000/182"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeDoi(input)).toBe(expected);
  });

  it.each(["", "10.1038", "10.12/abc", "11.1038/nature12373", "nature12373", "10.1038/."])("%s is not a DOI", (input) => {
    expect(normalizeDoi(input)).toBeNull();
  });
});

describe("ISBN helpers", () => {
  it.each([
    ["978-3-16-148410-0", true],
    ["9783161484100", true],
    ["0-306-40615-2", true],
    ["0 306 40615 2", true],
    ["080442957X", true],
    ["080442957x", true],
    ["ISBN-10: 0-306-40615-2", true],
    ["۹۷۸۳۱۶۱۴۸۴۱۰۰", true],
    ["978-3-16-148410-1", false],
    ["0-306-40615-3", false],
    ["08044295X7", false],
    ["4006381333931", false], // a valid EAN-13, but not a Bookland (978/979) number
    ["12345", false],
    ["", false],
  ])("isValidIsbn(%s) is %s", (input, valid) => {
    expect(isValidIsbn(input)).toBe(valid);
  });

  it.each([
    ["0-306-40615-2", "9780306406157"],
    ["0-8044-2957-X", "9780804429573"],
    ["978-3-16-148410-0", "9783161484100"],
    ["979-10-00000-00-8", "9791000000008"],
  ])("toIsbn13(%s) = %s", (input, expected) => {
    expect(toIsbn13(input)).toBe(expected);
  });

  it("toIsbn13 rejects an invalid ISBN", () => {
    expect(toIsbn13("0-306-40615-3")).toBeNull();
    expect(toIsbn13("not an isbn")).toBeNull();
  });
});

describe("jobKeyFor", () => {
  it("gives one key for the same article reached in different ways", () => {
    const keys = [
      "10.1038/S41586-020-2012-7",
      "doi:10.1038/s41586-020-2012-7.",
      "https://doi.org/10.1038/s41586-020-2012-7",
      "https://www.nature.com/articles/s41586-020-2012-7.pdf",
    ].map((input) => jobKeyFor(identify(input)));
    expect(new Set(keys)).toEqual(new Set(["doi:10.1038/s41586-020-2012-7"]));
  });

  it("keys arXiv by its DOI, whatever the form", () => {
    const keys = ["https://arxiv.org/abs/1706.03762v5", "arXiv:1706.03762", "10.48550/arXiv.1706.03762"].map((input) => jobKeyFor(identify(input)));
    expect(new Set(keys)).toEqual(new Set(["doi:10.48550/arxiv.1706.03762"]));
  });

  it("keys PMC, PubMed and ISBN results by their id", () => {
    expect(jobKeyFor(identify("https://pmc.ncbi.nlm.nih.gov/articles/PMC7092803/"))).toBe("pmcid:PMC7092803");
    expect(jobKeyFor(identify("PMID: 32015507"))).toBe("pmid:32015507");
    expect(jobKeyFor(identify("ISBN 0-306-40615-2"))).toBe("isbn:9780306406157");
    expect(jobKeyFor(identify("978-0-306-40615-7"))).toBe("isbn:9780306406157");
  });

  it("keys a plain URL without fragment and tracking parameters, other parameters sorted", () => {
    const a = identify("https://Example.com/paper?utm_source=x&b=2&a=1&fbclid=abc#section-2");
    const b = identify("https://example.com/paper?a=1&b=2");
    expect(jobKeyFor(a)).toBe("url:https://example.com/paper?a=1&b=2");
    expect(jobKeyFor(b)).toBe(jobKeyFor(a));
    expect(jobKeyFor(identify("https://example.com/paper?utm_medium=email"))).toBe("url:https://example.com/paper");
  });

  it("gives no key to a title or empty input", () => {
    expect(jobKeyFor(identify("Attention Is All You Need"))).toBeNull();
    expect(jobKeyFor(identify("  "))).toBeNull();
  });

  it("normalizeUrl rejects what is not an http(s) URL", () => {
    expect(normalizeUrl("ftp://example.com/x")).toBeNull();
    expect(normalizeUrl("not a url")).toBeNull();
  });
});
