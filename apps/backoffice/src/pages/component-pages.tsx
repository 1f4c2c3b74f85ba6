/** The spec's component-like routes: each piece of the back office on a page of its own. */
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { Product } from "@shop/domain/schemas/public";
import { useState } from "react";
import {
  AutocompleteInput,
  EditBase,
  Form,
  ReferenceInput,
  ResourceContextProvider,
  SaveButton,
  Title,
  Toolbar,
  useTranslate,
} from "react-admin";
import { SalesChart } from "../dashboard/sales-chart.tsx";
import { StatusNotifications } from "../dashboard/status-notifications.tsx";
import { ShopMenu } from "../layout/menu.tsx";
import { BannerList } from "../resources/banners/list.tsx";
import {
  normaliseImages,
  ProductImageManager,
  type ProductImageValue,
} from "../resources/products/product-image-manager.tsx";

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate(title)} />
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

export function SalesChartPage() {
  return (
    <Page title="shop.pages.sales_chart">
      <SalesChart />
    </Page>
  );
}

export function SidebarNavPage() {
  return (
    <Page title="shop.pages.sidebar_nav">
      <Card sx={{ maxWidth: 320 }}>
        <ShopMenu />
      </Card>
    </Page>
  );
}

export function StatusNotificationPage() {
  return (
    <Page title="shop.pages.status_notification">
      <StatusNotifications />
    </Page>
  );
}

/** Choose a product, then manage its images and save: only the images change. */
export function ProductImageManagerPage() {
  const [productId, setProductId] = useState<string | null>(null);
  return (
    <Page title="shop.pages.product_image_manager">
      <Card>
        <CardContent>
          <Form>
            <ReferenceInput source="productId" reference="products" sort={{ field: "title", order: "ASC" }}>
              <AutocompleteInput
                optionText="title"
                label="shop.pages.choose_product"
                onChange={(value: string | null) => setProductId(value || null)}
                filterToQuery={(q) => ({ q })}
              />
            </ReferenceInput>
          </Form>
          {productId && (
            <EditBase<Product>
              resource="products"
              id={productId}
              key={productId}
              mutationMode="pessimistic"
              redirect={false}
              transform={(data) => ({
                ...data,
                imageURLs: normaliseImages(data.imageURLs as ProductImageValue[]),
              })}
            >
              <Form>
                <ProductImageManager />
                <Toolbar>
                  <SaveButton />
                </Toolbar>
              </Form>
            </EditBase>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}

export function BannerManagementPage() {
  return (
    <ResourceContextProvider value="banners">
      <BannerList />
    </ResourceContextProvider>
  );
}
