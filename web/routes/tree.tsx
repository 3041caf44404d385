import { createRootRouteWithContext, createRoute, Outlet } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";

export const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <main>
      <h1>دریافت</h1>
      <Outlet />
    </main>
  ),
});

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: () => <p>خانه</p> });

export const routeTree = rootRoute.addChildren([homeRoute]);
