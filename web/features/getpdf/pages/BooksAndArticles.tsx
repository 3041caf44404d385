import { PagePlaceholder } from "../../../components/shell/page-placeholder";

export default function BooksAndArticles() {
  return <PagePlaceholder title="مقاله‌ها و کتاب‌های دانلودشده" />;
}
